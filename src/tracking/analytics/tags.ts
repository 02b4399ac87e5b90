// Tag managers and the cinema-marketing script (spec §7 "After tracking is enabled", §9 "Tag-manager
// containers"). Which ones load is a pure plan (tested as a table); loadTags only inserts them.
import type { TrackingDeploySettings } from "../consent/deploy-settings";
import { TARGETT_CUSTOMER_ID_PLACEHOLDER } from "../consent/deploy-settings";
import type { SiteTracking } from "../consent/site-tracking";
import { isTracking, onPageShown } from "./events";
import { hasPrivateParams } from "./private-params";

/** The tag managers' data layer (spec §9). */
export const TAG_MANAGER_DATA_LAYER = "dataLayer";

export interface TagPlan {
  /** Tag-manager containers to load, by id, in this order. */
  containers: string[];
  /** gtm.js of each container. */
  containerScripts: string[];
  /** The analytics-tag-manager script ("" → none). */
  analyticsTagManagerUrl: string;
  /** The Targett script with the site's customer id ("" → none). */
  targettScriptUrl: string;
}

/**
 * Spec §9: the ads container when adsDisplay is on, the Targett container when
 * enableTargettTracking is on, and the site's own containers when analytics tag management is on
 * (the deploy has not switched it off). A container the deploy gives no id loads nothing.
 */
export function containerIdsFor(site: SiteTracking, deploy: TrackingDeploySettings): string[] {
  const { tagManagement } = deploy;
  const ids = [
    site.adsDisplayOn ? tagManagement.adsContainerId : "",
    site.targett.enabled ? tagManagement.targettContainerId : "",
    ...(tagManagement.disabled ? [] : site.containerIds),
  ];
  return [...new Set(ids.filter(Boolean))];
}

export function containerScriptUrl(gtmScriptUrl: string, id: string): string {
  const separator = gtmScriptUrl.includes("?") ? "&" : "?";
  return `${gtmScriptUrl}${separator}id=${encodeURIComponent(id)}&l=${TAG_MANAGER_DATA_LAYER}`;
}

/** The analytics-tag-manager source in force: none when tag management is switched off. */
export function analyticsTagManagerSource(deploy: TrackingDeploySettings): string {
  return deploy.tagManagement.disabled ? "" : deploy.tagManagement.analyticsTagManagerUrl;
}

/** Spec §7: only when the tracker is enabled and a customer id is present. */
export function targettScriptUrl(site: SiteTracking, deploy: TrackingDeploySettings): string {
  const { enabled, customerId } = site.targett;
  if (!enabled || !customerId || !deploy.targett.scriptUrl) return "";
  return deploy.targett.scriptUrl.split(TARGETT_CUSTOMER_ID_PLACEHOLDER).join(encodeURIComponent(customerId));
}

export function planTags(site: SiteTracking, deploy: TrackingDeploySettings): TagPlan {
  const containers = containerIdsFor(site, deploy);
  return {
    containers,
    containerScripts: containers.map((id) => containerScriptUrl(deploy.tagManagement.scriptUrl, id)),
    analyticsTagManagerUrl: analyticsTagManagerSource(deploy),
    targettScriptUrl: targettScriptUrl(site, deploy),
  };
}

type DataLayerWindow = Window & { [TAG_MANAGER_DATA_LAYER]?: unknown[] };

function appendScript(doc: Document, src: string): void {
  if (Array.from(doc.scripts).some((existing) => existing.getAttribute("src") === src)) return;
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  // A script that fails to load (blocked, offline) changes nothing the visitor sees.
  script.onerror = () => script.remove();
  doc.head.appendChild(script);
}

export interface PageWatch {
  /** Calls back at every page shown; returns the function that stops it. */
  pageShown: typeof onPageShown;
  /** Whether tracking is still on (the visitor may have refused in the meantime). */
  tracking: () => boolean;
}

const pageWatch: PageWatch = { pageShown: onPageShown, tracking: isTracking };

/**
 * Runs `load` once the address bar holds nothing private (private-params.ts): now, or at the first
 * page shown without it while tracking is on. For a script that reports `location.href` itself,
 * which the site cannot hand a cleaned URL. The private parameters leave the address bar as the
 * page starts (issue 44), so this waits only if one came back into it afterwards.
 */
function whenAddressIsShareable(win: Window, load: () => void, watch: PageWatch): void {
  if (!hasPrivateParams(win.location.href)) return load();
  const stop = watch.pageShown(() => {
    if (hasPrivateParams(win.location.href) || !watch.tracking()) return;
    stop();
    load();
  });
}

/**
 * Inserts what the plan lists, once per page load (containers start with gtm.js's usual event, which
 * carries no address: the containers read the address bar, cleaned as the page started, issue 44).
 * The Targett script sends its visit with the address bar's URL: it waits while that holds
 * anything private.
 */
export function loadTags(plan: TagPlan, win: Window = window, watch: PageWatch = pageWatch): void {
  const doc = win.document;
  if (plan.containers.length > 0) {
    const layered = win as DataLayerWindow;
    layered[TAG_MANAGER_DATA_LAYER] = layered[TAG_MANAGER_DATA_LAYER] ?? [];
    layered[TAG_MANAGER_DATA_LAYER].push({ "gtm.start": Date.now(), event: "gtm.js" });
  }
  for (const src of plan.containerScripts) appendScript(doc, src);
  if (plan.analyticsTagManagerUrl) appendScript(doc, plan.analyticsTagManagerUrl);
  const { targettScriptUrl } = plan;
  if (targettScriptUrl) whenAddressIsShareable(win, () => appendScript(doc, targettScriptUrl), watch);
}

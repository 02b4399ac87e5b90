// Which third-party origins the consent, analytics and marketing settings make the browser load
// from or connect to, per Content-Security-Policy directive. Pure, so the server that writes the
// CSP header (and its tests) can call it with the deploy's environment.
//
// What a tag-manager container loads in turn (the tags an operator adds to it) cannot be known
// here: only the container's own origin is listed.
import {
  DEFAULT_DIDOMI_SDK_URL,
  parseTrackingDeploySettings,
  type TrackingDeploySettings,
  type TrackingEnv,
} from "./deploy-settings";
import type { SiteTracking } from "./site-tracking";

export interface ThirdPartyOrigins {
  /** script-src */
  script: string[];
  /** connect-src (fetch, XHR, sendBeacon) */
  connect: string[];
  /** img-src (pixels, logos) */
  img: string[];
  /** frame-src */
  frame: string[];
}

/** Didomi's API when its SDK is loaded from Didomi itself (a custom SDK domain serves both). */
const DIDOMI_API_ORIGIN = "https://api.privacy-center.org";
/** Where gtag.js sends hits when no collect URL (server container) is set. */
const GOOGLE_COLLECT_ORIGINS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The origins for a deploy. With `sites` (the site-level tracking of every site the deploy
 * serves), only what one of them can actually load is listed; without, every site-level switch
 * is assumed on (a site may have its own GA4 id, container or Targett tracker).
 */
export function thirdPartyOrigins(deploy: TrackingDeploySettings, sites?: readonly SiteTracking[]): ThirdPartyOrigins {
  const some = (test: (site: SiteTracking) => boolean): boolean => (sites ? sites.some(test) : true);
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>();
  const add = (url: string, ...directives: Set<string>[]) => {
    const origin = originOf(url);
    if (origin) for (const directive of directives) directive.add(origin);
  };

  const { consent, analytics, tagManagement, targett } = deploy;
  if (!consent.disabled && consent.apiKey && some((site) => site.noticeId !== "")) {
    add(consent.sdkUrl, script, connect, img);
    if (originOf(consent.sdkUrl) === originOf(DEFAULT_DIDOMI_SDK_URL)) connect.add(DIDOMI_API_ORIGIN);
  }

  if (analytics.measurementId || some((site) => site.measurementIds.length > 0)) {
    add(analytics.scriptUrl, script);
    if (analytics.collectUrl) add(analytics.collectUrl, connect, img);
    else
      for (const origin of GOOGLE_COLLECT_ORIGINS) {
        connect.add(origin);
        img.add(origin);
      }
  }

  const containers =
    (tagManagement.adsContainerId !== "" && some((site) => site.adsDisplayOn)) ||
    (tagManagement.targettContainerId !== "" && some((site) => site.targett.enabled)) ||
    (!tagManagement.disabled && some((site) => site.containerIds.length > 0));
  if (containers) add(tagManagement.scriptUrl, script, connect, img);

  if (!tagManagement.disabled && tagManagement.analyticsTagManagerUrl)
    add(tagManagement.analyticsTagManagerUrl, script, connect, img);

  if (targett.scriptUrl && some((site) => site.targett.enabled && site.targett.customerId !== ""))
    add(targett.scriptUrl.replace(/\{customerId\}/g, "id"), script, connect, img);

  const sorted = (set: Set<string>) => [...set].sort();
  return { script: sorted(script), connect: sorted(connect), img: sorted(img), frame: [] };
}

/** The same, read from an environment (the server's process.env: the variables the build used). */
export function thirdPartyOriginsFromEnv(env: TrackingEnv, sites?: readonly SiteTracking[]): ThirdPartyOrigins {
  return thirdPartyOrigins(parseTrackingDeploySettings(env).settings, sites);
}

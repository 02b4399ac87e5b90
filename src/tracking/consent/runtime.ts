// The consent-gated tracking of a page: loaded lazily after hydration (TrackingStarter), started
// once per page load. It listens to the consent tool (loaded by the document head), decides on every change (decision.ts), and once
// tracking is enabled starts analytics, the tag-manager containers, the analytics tag manager and
// the marketing script; on refusal it applies the spec's refusal sequence (analytics/controller.ts).
import type { SiteLocale } from "../../config/settings";
import { createAnalyticsController, type AnalyticsController } from "../analytics/controller";
import { ga4PluginOptions } from "../analytics/ga4-options";
import { loadTags, planTags } from "../analytics/tags";
import { nextTask } from "../../lib/idle";
import { loadOnce } from "../../lib/lazy";
import { publishConsent } from "./consent-signal";
import { decideConsent, isTrackingEnabled, type ConsentDecision } from "./decision";
import { parseTrackingDeploySettings, readTrackingEnv, type TrackingEnv } from "./deploy-settings";
import { didomiConfigFor, loadDidomi, readConsent, type DidomiSdk } from "./didomi";
import { popupImageAltText, watchPreferencesPopup } from "./popup-accessibility";
import type { SiteTracking } from "./site-tracking";

/** What the page knows about its site (from the site runtime). */
export interface TrackingSite {
  name: string;
  /** Site path or absolute URL of the logo. */
  logoSrc: string;
  privacyPolicySlug: string;
  country: string;
  locale: SiteLocale;
  tracking: SiteTracking;
}

export interface TrackingRun {
  /** Resolves once the current decision has been applied (tests, and nothing else, wait on it). */
  readonly settled: Promise<void>;
}

let run: TrackingRun | null = null;

/** Starts tracking for this page load; later calls (every page renders the starter) return the first run. */
export function startTracking(
  site: TrackingSite,
  win: Window = window,
  env: TrackingEnv = readTrackingEnv(),
): TrackingRun {
  run ??= createRun(site, win, env);
  return run;
}

/** Tests: a fresh page load. */
export function forgetTrackingRun(): void {
  run = null;
}

function createRun(site: TrackingSite, win: Window, env: TrackingEnv): TrackingRun {
  const { settings: deploy } = parseTrackingDeploySettings(env);
  const tags = planTags(site.tracking, deploy);
  const ga4 = ga4PluginOptions({
    fixedMeasurementId: deploy.analytics.measurementId,
    siteMeasurementIds: site.tracking.measurementIds,
    scriptUrl: deploy.analytics.scriptUrl,
    collectUrl: deploy.analytics.collectUrl,
  });

  // The analytics library loads with the first decision that needs it, not with the page. A
  // library that did not arrive (offline, a deploy in between) is asked for again at the next
  // decision (loadOnce); webpack fetches a failed chunk anew.
  const analytics: () => Promise<AnalyticsController> = loadOnce(() =>
    import("../analytics/instance").then(async ({ analyticsFactory }) => {
      // The library's chunk was just evaluated in this task; the instance (its store, storage and
      // the GA plugin's start) is created in the next one, so neither makes one long task on a phone.
      await nextTask(win);
      return createAnalyticsController({
        create: analyticsFactory(site.name, ga4),
        currentPath: () => `${win.location.pathname}${win.location.search}`,
        // A route update comes before the new page's title is set (as gatsby-plugin-google-gtag
        // does, wait two frames).
        afterRender: (send) => win.requestAnimationFrame(() => win.requestAnimationFrame(send)),
      });
    }),
  );
  /** Nothing is tracked for this decision: said in the console, not thrown at the page. */
  const unavailable = (error: unknown) => {
    console.warn(`Analytics could not load; it is tried again at the next consent decision (${String(error)})`);
  };

  let tagsLoaded = false;
  let settled: Promise<void> = Promise.resolve();
  const consentHandlingOn = !deploy.consent.disabled;
  const noticeConfigured = site.tracking.noticeId !== "";

  const apply = (decision: ConsentDecision, toolReady: boolean) => {
    // Direct ad-server mode waits for this (spec §5): a consent, or no consent manager to ask.
    publishConsent(decision === "granted" || !consentHandlingOn || !noticeConfigured);
    const enabled = isTrackingEnabled({
      decision,
      noticeConfigured,
      consentHandlingOn,
      toolReady,
      analyticsTagManagerConfigured: tags.analyticsTagManagerUrl !== "",
    });
    // Spec §4 "On refusal" has no exception: a visitor who refused gets no GA4 hit nor cookie, even
    // where an analytics tag manager makes tracking "enabled" (that manager applies the choice to
    // what it loads itself; the containers below follow the enabled rule as the spec lists them).
    if (decision === "refused") settled = analytics().then((c) => c.refuse(), unavailable);
    else if (enabled) settled = analytics().then((c) => c.enable(), unavailable);
    if (enabled && !tagsLoaded) {
      tagsLoaded = true;
      loadTags(tags, win);
    }
  };

  if (!consentHandlingOn || !noticeConfigured) {
    apply("undetermined", false);
    return {
      get settled() {
        return settled;
      },
    };
  }
  // A site with a notice but a deploy without the key: the notice cannot load, so consent is never
  // given and nothing tracks (logged at build). There is no consent manager to wait for either.
  if (!deploy.consent.apiKey) {
    publishConsent(false);
    return { settled };
  }

  const origin = win.location.origin;
  const absolute = (src: string) => new URL(src, origin).href;
  let didomi: DidomiSdk | null = null;
  let evaluations: Promise<void> = Promise.resolve();
  const evaluate = () => {
    const sdk = didomi;
    // Readings are applied in the order the changes happened.
    evaluations = evaluations.then(async () => {
      const reading = sdk ? await readConsent(sdk, win).catch(() => null) : null;
      apply(decideConsent(reading, deploy.consent.gdprVendorIds), sdk !== null);
      await settled;
    });
  };
  const popup = watchPreferencesPopup({ doc: win.document, altText: popupImageAltText(site.locale) });

  loadDidomi(
    {
      apiKey: deploy.consent.apiKey,
      sdkUrl: deploy.consent.sdkUrl,
      noticeId: site.tracking.noticeId,
      config: didomiConfigFor(
        {
          name: site.name,
          logoUrl: absolute(site.logoSrc),
          privacyPolicyUrl: absolute(site.privacyPolicySlug ? `/${site.privacyPolicySlug}/` : "/"),
          country: site.country,
          locale: site.locale,
        },
        deploy.consent.apiKey,
        deploy.consent.sdkUrl,
      ),
    },
    {
      onReady: (sdk) => {
        didomi = sdk;
        // The SDK loads from the head: the preferences may have opened before this page listened.
        if (sdk.preferences?.isVisible?.()) popup.shown();
        evaluate();
      },
      events: {
        "consent.changed": evaluate,
        "preferences.shown": popup.shown,
        "preferences.hidden": popup.hidden,
      },
    },
    win,
  );
  return {
    get settled() {
      return evaluations;
    },
  };
}

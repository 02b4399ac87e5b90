// The ads of a page load: imported lazily by AdsSetup (only on a site whose ads are shown), so
// nothing of it is in a visitor's first-load JS. Each setup (debounced by the caller) either
// configures the ad wrapper library or, in direct ad-server mode, Google Publisher Tag slots.
import { isConsentGranted, whenConsentGranted, whenConsentManagerReady } from "../tracking/consent/consent-signal";
import { parseTrackingDeploySettings, readTrackingEnv, type TrackingEnv } from "../tracking/consent/deploy-settings";
import type { SiteRuntime } from "../runtime/site-runtime";
import { debounce } from "../lib/debounce";
import { withoutPrivateValues } from "../tracking/analytics/vendor-payload";
import { shouldLoadAdWrapper, shouldLoadDirectAds } from "./loading";
import { buildPageData, scheduledFilmIdsOf, targetingFor, type AdTargeting } from "./page-data";
import { interstitialShownThisVisit } from "./interstitial-visit";
import { directSlotsFor, wrapperConfigFor, type AdPlace, type DirectSlot, type WrapperConfig } from "./plan";
import type { SiteAds } from "./site-ads";
import { parseSizeMapping, type ParsedSizeMapping } from "./size-mapping";

/** The ad wrapper library's API (our contract with it, README "Ads"): a command queue and three calls. */
export interface AdWrapper {
  cmd: (() => void)[] | { push(command: () => void): unknown; length?: number };
  configure?(config: WrapperConfig): void;
  clearSlots?(): void;
  loadPositions?(): void;
}

/** The subset of Google Publisher Tag that direct mode calls. */
export interface GptSlot {
  addService(service: GptPubAds): GptSlot;
  defineSizeMapping(mapping: unknown): GptSlot;
}
export interface GptPubAds {
  /** GPT's privacy settings; `nonPersonalizedAds` marks the requests that follow (issue 44). */
  setPrivacySettings?(settings: { nonPersonalizedAds?: boolean }): GptPubAds;
  setTargeting(key: string, value: string | string[]): GptPubAds;
  clearTargeting(key?: string): GptPubAds;
  refresh(slots?: GptSlot[]): void;
}
export interface GoogleTag {
  cmd: (() => void)[] | { push(command: () => void): unknown };
  defineSlot(adUnitPath: string, sizes: [number, number][], elementId: string): GptSlot | null;
  sizeMapping(): { addSize(viewport: [number, number], sizes: [number, number][]): unknown; build(): unknown };
  pubads(): GptPubAds;
  enableServices(): void;
  display(elementId: string): void;
  destroySlots(slots?: GptSlot[]): boolean;
}

declare global {
  interface Window {
    adWrapper?: AdWrapper;
    googletag?: GoogleTag;
  }
}

export interface AdsPage {
  ads: SiteAds;
  place: AdPlace;
  targeting: AdTargeting;
  /** The site path of the page: another page is a new ad page even on the same theater. */
  sitePath: string;
  /** The site has no consent notice (no consent manager to ask). */
  noConsentNotice: boolean;
}

export interface AdsRun {
  setup(page: AdsPage): void;
}

let run: AdsRun | null = null;

/** One run per page load; later calls (every page renders the setup) reuse it. */
export function adsRun(win: Window = window, trackingEnv = readTrackingEnv()): AdsRun {
  run ??= createRun(win, trackingEnv);
  return run;
}

/** Tests: a fresh page load. */
export function forgetAdsRun(): void {
  run = null;
  scheduleSetup.cancel();
}

/** What AdsSetup knows of the page (the site runtime, the page context, the session, the theater). */
export interface AdsPageInput {
  site: Pick<SiteRuntime, "ads" | "domain" | "isSingleLocation" | "circuit" | "theaters" | "tracking">;
  pageContext: { templateName: string };
  /** The current theater (spec §4 "Selected theater"). */
  theaterId: string | null;
  isLoggedIn: boolean;
}

type FilmLike = { id: number; title: string; releaseDate: string | null; path: string };

/** Spec §9: the setup is debounced 500 ms (the shared helper's default); one per page load. */
const scheduleSetup = debounce((page: () => AdsPage) => adsRun().setup(page()));

/**
 * A page was rendered, or its theater, films or session changed: the global page data object is
 * updated at once (spec §3), the ads 500 ms after the last such change (spec §4).
 */
export function pageChanged({ site, pageContext, theaterId, isLoggedIn }: AdsPageInput, win: Window = window): void {
  const theater = site.theaters.find((t) => t.id === theaterId) ?? null;
  const film = (pageContext as { film?: FilmLike }).film ?? null;
  const pageData = buildPageData({
    urlOrigin: win.location.origin,
    domain: site.domain,
    pageType: pageContext.templateName,
    theater: theater && { id: theater.id, name: theater.name, path: theater.path },
    film: film && { id: film.id, title: film.title, releaseDate: film.releaseDate, path: film.path },
    isLoggedIn,
  });
  win.pageData = pageData;
  const sitePath = win.location.pathname;
  // Spec §3: the films scheduled at the theater the page shows (its own, else the visitor's
  // choice: AdsSetup passes SelectedTheaterProvider's current theater), the one the ad path names.
  // A single-location site's theater is the whole site: nothing to filter.
  const scheduledMovieIds = scheduledFilmIdsOf(pageContext, site.isSingleLocation ? null : (theater?.id ?? null));
  scheduleSetup(() => ({
    ads: site.ads,
    place: {
      isSingleLocation: site.isSingleLocation,
      circuitName: site.circuit?.name ?? null,
      theaterName: theater?.name ?? null,
    },
    targeting: targetingFor({
      pageData,
      display: site.ads.display,
      websiteId: site.ads.websiteId,
      // Read when the setup runs: by then the page's <Head> has set the title.
      pageTitle: win.document.title,
      currentPath: sitePath,
      circuit: site.circuit,
      scheduledMovieIds,
    }),
    sitePath,
    noConsentNotice: site.tracking.noticeId === "",
  }));
}

function insertScript(win: Window, src: string): void {
  const doc = win.document;
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  // A blocked or failed library leaves the reserved space empty; nothing else changes (brief §3).
  script.onerror = () => script.remove();
  doc.head.appendChild(script);
}

const queueLength = (queue: AdWrapper["cmd"] | undefined): number =>
  Array.isArray(queue) ? queue.length : (queue?.length ?? 0);

export function createRun(win: Window, trackingEnv: TrackingEnv): AdsRun {
  const consentManagerDisabled = parseTrackingDeploySettings(trackingEnv).settings.consent.disabled;
  let scriptRequested = false;
  // Wrapper mode: the ad page (ad path and site path) last configured.
  let currentKey: string | null = null;
  // Direct mode.
  /** The ad unit paths the GPT slots are defined for, as the last command that ran left them. */
  let definedKey: string | null = null;
  let sizeMapping: ParsedSizeMapping | null = null;
  let slots: { slot: GptSlot; def: DirectSlot }[] = [];
  let servicesEnabled = false;
  let latest: AdsPage | null = null;

  /**
   * Spec §5: direct mode loads GPT only once the visitor consents (or there is no consent manager
   * to ask). Read at each setup and each queued command, not remembered: GPT, once loaded, cannot
   * be unloaded, so a visitor who withdraws (CCPA do-not-sell, a gdpr refusal in the preferences)
   * gets non-personalised ads from then on (issue 44; docs/decisions.md), and personalised ones
   * again if consent is given again.
   */
  const mayRequestAds = (page: AdsPage) =>
    shouldLoadDirectAds({
      display: page.ads.display,
      consented: isConsentGranted(),
      consentManagerDisabled: consentManagerDisabled || page.noConsentNotice,
    });

  const setupWrapper = (page: AdsPage) => {
    const wrapper = (win.adWrapper ??= { cmd: [] });
    if (!scriptRequested) {
      scriptRequested = true;
      // Issue 44: the library loads once the consent manager is ready (whatever the answer, spec
      // §4), so the ad stack reads the answer through the IAB TCF API, not the head's stub.
      if (shouldLoadAdWrapper({ display: page.ads.display, queuedCommands: queueLength(wrapper.cmd) }))
        whenConsentManagerReady(() => insertScript(win, page.ads.scriptUrl));
    }
    // Once the visit has had its interstitial, the library is not asked for it again, whatever it
    // counts as a first page (interstitial-visit.ts).
    const ads = interstitialShownThisVisit()
      ? { ...page.ads, positions: page.ads.positions.filter((position) => position !== "interstitial") }
      : page.ads;
    const config = wrapperConfigFor(ads, page.place, page.targeting);
    const key = `${config.pagePath}|${page.sitePath}`;
    const first = currentKey === null;
    const changed = key !== currentKey;
    currentKey = key;
    wrapper.cmd.push(() => {
      const library = win.adWrapper;
      if (!library) return;
      // Spec §4: a new ad page clears what the slots show and loads the positions again.
      if (changed && !first) library.clearSlots?.();
      library.configure?.(config);
      if (changed) library.loadPositions?.();
    });
  };

  // What GPT gets is scrubbed as it is handed over, as the wrapper's configuration is (issue 44).
  const setTargeting = (pubads: GptPubAds, targeting: AdTargeting) => {
    pubads.clearTargeting();
    for (const [key, value] of Object.entries(withoutPrivateValues(targeting))) pubads.setTargeting(key, value);
  };

  const setupDirect = (page: AdsPage) => {
    const googletag = (win.googletag ??= { cmd: [] } as unknown as GoogleTag);
    if (!scriptRequested) {
      scriptRequested = true;
      insertScript(win, page.ads.scriptUrl);
    }
    // Parsed once per page load, in the browser: the operator sees the spec's messages in its console.
    sizeMapping ??= parseSizeMapping(
      page.ads.sizeMapping,
      page.ads.customLocations.map((l) => l.key),
      console,
    );
    const defs = directSlotsFor(page.ads, page.place, sizeMapping);
    const key = defs.map((d) => d.adUnitPath).join(" ");
    googletag.cmd.push(() => {
      // Decided when the command runs, not when it was queued: consent may have been withdrawn in
      // between, and a command that ran later defined the slots.
      const pathChanged = key !== definedKey;
      definedKey = key;
      const gpt = win.googletag!;
      const pubads = gpt.pubads();
      pubads.setPrivacySettings?.({ nonPersonalizedAds: !mayRequestAds(page) });
      setTargeting(pubads, page.targeting);
      if (!pathChanged) {
        // Spec §4: new targeting refreshes every slot but the interstitial.
        pubads.refresh(slots.filter(({ def }) => !def.interstitial).map(({ slot }) => slot));
        return;
      }
      if (slots.length > 0) gpt.destroySlots(slots.map(({ slot }) => slot));
      slots = [];
      for (const def of defs) {
        const slot = gpt.defineSlot(
          def.adUnitPath,
          def.sizes.map(([w, h]) => [w, h]),
          def.elementId,
        );
        if (!slot) continue;
        if (def.sizeMapping.length > 0) {
          const builder = gpt.sizeMapping();
          for (const rule of def.sizeMapping)
            builder.addSize(
              [rule.viewportWidth, 0],
              rule.sizes.map(([w, h]) => [w, h]),
            );
          slot.defineSizeMapping(builder.build());
        }
        slot.addService(pubads);
        slots.push({ slot, def });
      }
      if (!servicesEnabled) {
        servicesEnabled = true;
        gpt.enableServices();
      }
      for (const { def } of slots) gpt.display(def.elementId);
    });
  };

  let waitingForConsent = false;
  /** Until consent is given (again) only the latest page matters: it is set up then. */
  function resumeOnConsent(): void {
    if (waitingForConsent) return;
    waitingForConsent = true;
    whenConsentGranted(() => {
      waitingForConsent = false;
      if (latest && !scriptRequested && mayRequestAds(latest)) setupDirect(latest);
    });
  }

  return {
    setup(page) {
      if (page.ads.display !== "CUSTOM_WITHOUT_WRAPPER") {
        setupWrapper(page);
        return;
      }
      latest = page;
      // Once GPT is loaded every page gets its ads, non-personalised without consent (above).
      if (scriptRequested || mayRequestAds(page)) {
        setupDirect(page);
        return;
      }
      resumeOnConsent();
    },
  };
}

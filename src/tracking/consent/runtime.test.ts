/** @jest-environment jsdom */
// The runtime end to end, with a fake Didomi SDK and a fake analytics library: which decision
// starts what, and the refusal sequence on a real change of mind.
import { waitFor } from "@testing-library/react";
import type { CreatedAnalytics } from "../analytics/controller";
import { setAnalyticsSink } from "../analytics/events";
import type { TrackingEnv } from "./deploy-settings";
import type { DidomiSdk } from "./didomi";
import { forgetConsentSignal, whenConsentGranted, whenConsentManagerReady } from "./consent-signal";
import { forgetTrackingRun, startTracking, type TrackingSite } from "./runtime";

const calls: string[] = [];
/** The next loads of the analytics library that fail, as a chunk that does not arrive. */
let mockFailingLoads = 0;
jest.mock("../analytics/instance", () => ({
  get analyticsFactory() {
    if (mockFailingLoads > 0) {
      mockFailingLoads -= 1;
      throw new Error("ChunkLoadError: Loading chunk 966 failed.");
    }
    return mockAnalyticsFactory;
  },
}));
const mockAnalyticsFactory =
  () =>
  ({ enabled }: { enabled: boolean }): CreatedAnalytics => {
    calls.push(`analytics created, plugins ${enabled ? "on" : "off"}`);
    return {
      instance: {
        page: (data) => calls.push(`page ${String(data?.path)}`),
        track: (event) => calls.push(`track ${event}`),
        plugins: { disable: (names) => calls.push(`disable ${names.join(",")}`) },
      },
      pluginNames: ["google-analytics"],
      optOut: () => calls.push("opt out"),
    };
  };

const ENV: TrackingEnv = {
  GATSBY_DIDOMI_API_KEY: "key",
  GATSBY_DIDOMI_SDK_URL: "https://sdk.example/",
  GATSBY_DIDOMI_GDPR_VENDOR_IDS: "a,b,c",
  GATSBY_GA_MEASUREMENT_ID: "G-FIXED",
  GATSBY_GTM_SCRIPT_URL: "https://tags.example/gtm.js",
  GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS",
};

const SITE: TrackingSite = {
  name: "Cinéma Lumière",
  logoSrc: "/site-assets/logo.svg",
  privacyPolicySlug: "confidentialite",
  country: "FR",
  locale: "fr-FR",
  tracking: {
    noticeId: "notice",
    measurementIds: ["G-SITE"],
    containerIds: [],
    adsDisplayOn: true,
    targett: { enabled: false, customerId: "" },
  },
};

/** The scripts the page has been given, by source. */
const scripts = () => Array.from(document.querySelectorAll("script")).map((s) => s.getAttribute("src"));

/** A fake SDK with the visitor's choice (gdpr). */
function didomi(choice: "agree" | "disagree" | null): DidomiSdk {
  return {
    isConsentRequired: () => true,
    isRegulationApplied: (r) => r === "gdpr",
    shouldConsentBeCollected: () => choice === null,
    getCurrentUserStatus: () => ({
      regulation: "gdpr",
      vendors: Object.fromEntries(["a", "b", "c"].map((id) => [id, { enabled: choice === "agree" }])),
    }),
  };
}

/** What the SDK does when it is ready, and when the visitor changes their mind. */
function sdkReady(sdk: DidomiSdk) {
  window.Didomi = sdk;
  for (const callback of window.didomiOnReady ?? []) callback(sdk);
}
function consentChanged() {
  for (const { event, listener } of window.didomiEventListeners ?? []) if (event === "consent.changed") listener();
}

async function settle(run: { settled: Promise<void> }) {
  // Lazy imports and readings resolve over a few turns.
  for (let i = 0; i < 5; i += 1) {
    await run.settled;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

beforeEach(() => {
  // Page views wait for the next frames (the new page's title); here frames come at once.
  window.requestAnimationFrame = (callback) => {
    callback(0);
    return 0;
  };
  calls.length = 0;
  forgetTrackingRun();
  forgetConsentSignal();
  setAnalyticsSink(null);
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  delete window.didomiConfig;
  delete window.didomiOnReady;
  delete window.didomiEventListeners;
  delete window.Didomi;
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe("startTracking", () => {
  it("consent manager switched off: tracking starts at once, no SDK is loaded", async () => {
    const run = startTracking(SITE, window, { ...ENV, GATSBY_CONSENT_DISABLED: "true" });
    await settle(run);
    expect(calls).toEqual(["analytics created, plugins on", "page /"]);
    expect(scripts()).toEqual(["https://tags.example/gtm.js?id=GTM-ADS&l=dataLayer"]);
  });

  it("a site without a notice: tracking starts at once", async () => {
    const run = startTracking({ ...SITE, tracking: { ...SITE.tracking, noticeId: "" } }, window, ENV);
    await settle(run);
    expect(calls[0]).toBe("analytics created, plugins on");
  });

  it("a notice but no API key: no SDK, nothing tracked; nothing waits for a consent manager that cannot come", async () => {
    const ready = jest.fn();
    whenConsentManagerReady(ready);
    const run = startTracking(SITE, window, { ...ENV, GATSBY_DIDOMI_API_KEY: "" });
    await settle(run);
    expect(calls).toEqual([]);
    expect(scripts()).toEqual([]);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("the consent manager is ready with its first decision, not before (wrapper ads wait for it, issue 44)", async () => {
    const ready = jest.fn();
    whenConsentManagerReady(ready);
    const run = startTracking(SITE, window, ENV);
    await settle(run);
    expect(ready).not.toHaveBeenCalled();
    sdkReady(didomi(null));
    await settle(run);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it("preferences opened from the head-loaded notice before the page listened get their alt text all the same", async () => {
    document.body.innerHTML = `<div id="didomi-popup"><a href="https://www.didomi.io/"><img src="x.svg"></a><button>OK</button></div>`;
    const run = startTracking(SITE, window, ENV);
    sdkReady({ ...didomi(null), preferences: { show: () => undefined, isVisible: () => true } });
    await settle(run);
    // The popup is polled every 500 ms once shown: its image gets its text at the next pass.
    await waitFor(() => expect(document.querySelector("img")?.getAttribute("alt")).toMatch(/Didomi/), {
      timeout: 5000,
    });
  });

  it("loads the SDK for the notice with the site's config, and tracks nothing until it answers", async () => {
    const run = startTracking(SITE, window, ENV);
    await settle(run);
    expect(scripts()).toEqual(["https://sdk.example/key/loader.js?target_type=notice&target=notice"]);
    expect(window.didomiConfig).toEqual(
      expect.objectContaining({
        app: expect.objectContaining({
          name: "Cinéma Lumière",
          logoUrl: "http://localhost/site-assets/logo.svg",
          privacyPolicyURL: "http://localhost/confidentialite/",
          country: "FR",
        }),
      }),
    );
    expect(calls).toEqual([]);
  });

  it("a visitor who has not answered yet: nothing", async () => {
    const run = startTracking(SITE, window, ENV);
    sdkReady(didomi(null));
    await settle(run);
    expect(calls).toEqual([]);
  });

  it("a visitor who agreed: analytics on, the page recorded, the containers loaded", async () => {
    const run = startTracking(SITE, window, ENV);
    sdkReady(didomi("agree"));
    await settle(run);
    expect(calls).toEqual(["analytics created, plugins on", "page /"]);
    expect(scripts()).toContain("https://tags.example/gtm.js?id=GTM-ADS&l=dataLayer");
  });

  it("a visitor who refused: the refusal sequence, no container", async () => {
    const run = startTracking(SITE, window, ENV);
    sdkReady(didomi("disagree"));
    await settle(run);
    expect(calls).toEqual(["analytics created, plugins off", "page /"]);
    expect(scripts()).not.toContain("https://tags.example/gtm.js?id=GTM-ADS&l=dataLayer");
  });

  it("a library that fails to load: a warning, no error thrown at the page; the next decision loads it", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const unhandled = jest.fn();
    process.on("unhandledRejection", unhandled);
    try {
      mockFailingLoads = 1;
      const run = startTracking(SITE, window, ENV);
      sdkReady(didomi("agree"));
      await settle(run);
      expect(calls).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Analytics could not load; .*Loading chunk 966 failed/));
      consentChanged();
      await settle(run);
      expect(calls).toEqual(["analytics created, plugins on", "page /"]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
      warn.mockRestore();
      mockFailingLoads = 0;
    }
  });

  it("agreeing, then refusing: plugins disabled, instance re-created, a page view sent", async () => {
    const run = startTracking(SITE, window, ENV);
    // The runtime keeps the SDK object it was handed; a choice changes what its methods answer.
    sdkReady(didomi(null));
    await settle(run);
    Object.assign(window.Didomi!, didomi("agree"));
    consentChanged();
    await settle(run);
    Object.assign(window.Didomi!, didomi("disagree"));
    consentChanged();
    await settle(run);
    expect(calls).toEqual([
      "analytics created, plugins on",
      "page /",
      "opt out",
      "disable google-analytics",
      "analytics created, plugins off",
      "page /",
    ]);
  });

  it("tool ready and an analytics-tag-manager source: tracking starts before any answer (spec §4)", async () => {
    const run = startTracking(SITE, window, { ...ENV, GATSBY_ANALYTICS_TAG_MANAGER_URL: "https://atm.example/tm.js" });
    await settle(run);
    expect(calls).toEqual([]);
    sdkReady(didomi(null));
    await settle(run);
    expect(calls[0]).toBe("analytics created, plugins on");
    expect(scripts()).toContain("https://atm.example/tm.js");
  });

  it("with an analytics tag manager, a refusal still turns GA4 off (spec §4 'On refusal'); the manager stays", async () => {
    const run = startTracking(SITE, window, { ...ENV, GATSBY_ANALYTICS_TAG_MANAGER_URL: "https://atm.example/tm.js" });
    sdkReady(didomi("disagree"));
    await settle(run);
    expect(calls).toEqual(["analytics created, plugins off", "page /"]);
    expect(scripts()).toContain("https://atm.example/tm.js");
    // Changing one's mind to "agree" turns GA4 on.
    Object.assign(window.Didomi!, didomi("agree"));
    consentChanged();
    await settle(run);
    expect(calls.slice(2)).toEqual(["analytics created, plugins on", "page /"]);
  });

  describe("tells direct ad-server mode (spec §5)", () => {
    it.each([
      ["nothing while the visitor has not answered, or refused", null, false],
      ["nothing while the visitor has not answered, or refused", "disagree", false],
      ["that the visitor agreed", "agree", true],
    ] as const)("%s (%s)", async (_, choice, granted) => {
      const ads = jest.fn();
      whenConsentGranted(ads);
      const run = startTracking(SITE, window, ENV);
      sdkReady(didomi(choice));
      await settle(run);
      expect(ads).toHaveBeenCalledTimes(granted ? 1 : 0);
    });

    it("that there is no consent manager to ask", async () => {
      const ads = jest.fn();
      whenConsentGranted(ads);
      await settle(startTracking(SITE, window, { ...ENV, GATSBY_CONSENT_DISABLED: "true" }));
      expect(ads).toHaveBeenCalledTimes(1);
    });
  });

  it("starts once per page load", async () => {
    const first = startTracking(SITE, window, { ...ENV, GATSBY_CONSENT_DISABLED: "true" });
    const second = startTracking(SITE, window, { ...ENV, GATSBY_CONSENT_DISABLED: "true" });
    await settle(first);
    expect(second).toBe(first);
    expect(calls.filter((c) => c.startsWith("analytics created"))).toHaveLength(1);
  });
});

/** @jest-environment jsdom */
import { parseTrackingDeploySettings, type TrackingEnv } from "../consent/deploy-settings";
import type { SiteTracking } from "../consent/site-tracking";
import { recordPageView, setAnalyticsSink } from "./events";
import { containerIdsFor, loadTags, planTags, targettScriptUrl, type PageWatch } from "./tags";

const deployEnv: TrackingEnv = {
  GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS",
  GATSBY_GTM_TARGETT_CONTAINER_ID: "GTM-TGT",
  GATSBY_GTM_SCRIPT_URL: "https://tags.example/gtm.js",
  GATSBY_ANALYTICS_TAG_MANAGER_URL: "https://atm.example/tm.js",
  GATSBY_TARGETT_SCRIPT_URL: "https://targett.example/{customerId}/tag.js",
};
const deploy = (patch: TrackingEnv = {}) => parseTrackingDeploySettings({ ...deployEnv, ...patch }).settings;
const site = (patch: Partial<SiteTracking> = {}): SiteTracking => ({
  noticeId: "notice",
  measurementIds: [],
  containerIds: ["GTM-SITE"],
  adsDisplayOn: true,
  targett: { enabled: true, customerId: "cinema-1" },
  ...patch,
});

describe("containerIdsFor (spec §9 tag-manager containers)", () => {
  it.each<[string, Partial<SiteTracking>, TrackingEnv, string[]]>([
    ["ads on, Targett on, a site container", {}, {}, ["GTM-ADS", "GTM-TGT", "GTM-SITE"]],
    ["ads off", { adsDisplayOn: false }, {}, ["GTM-TGT", "GTM-SITE"]],
    ["Targett off", { targett: { enabled: false, customerId: "cinema-1" } }, {}, ["GTM-ADS", "GTM-SITE"]],
    ["no site container token", { containerIds: [] }, {}, ["GTM-ADS", "GTM-TGT"]],
    [
      "two site containers",
      { containerIds: ["GTM-SITE", "GTM-TWO"] },
      {},
      ["GTM-ADS", "GTM-TGT", "GTM-SITE", "GTM-TWO"],
    ],
    [
      "tag management switched off: no site container",
      {},
      { GATSBY_TAG_MANAGEMENT_DISABLED: "true" },
      ["GTM-ADS", "GTM-TGT"],
    ],
    ["no ads container id deployed", {}, { GATSBY_GTM_ADS_CONTAINER_ID: "" }, ["GTM-TGT", "GTM-SITE"]],
    ["no Targett container id deployed", {}, { GATSBY_GTM_TARGETT_CONTAINER_ID: "" }, ["GTM-ADS", "GTM-SITE"]],
    ["a site container equal to a fixed one loads once", { containerIds: ["GTM-ADS"] }, {}, ["GTM-ADS", "GTM-TGT"]],
    ["everything off", { adsDisplayOn: false, targett: { enabled: false, customerId: "" }, containerIds: [] }, {}, []],
  ])("%s → %j", (_case, sitePatch, envPatch, expected) => {
    expect(containerIdsFor(site(sitePatch), deploy(envPatch))).toEqual(expected);
  });
});

describe("planTags", () => {
  it("loads each container's gtm.js with the dataLayer", () => {
    expect(planTags(site({ adsDisplayOn: false, targett: { enabled: false, customerId: "" } }), deploy())).toEqual({
      containers: ["GTM-SITE"],
      containerScripts: ["https://tags.example/gtm.js?id=GTM-SITE&l=dataLayer"],
      analyticsTagManagerUrl: "https://atm.example/tm.js",
      targettScriptUrl: "",
    });
  });

  it("has no analytics-tag-manager script when tag management is switched off", () => {
    expect(planTags(site(), deploy({ GATSBY_TAG_MANAGEMENT_DISABLED: "1" })).analyticsTagManagerUrl).toBe("");
  });

  it.each<[string, Partial<SiteTracking>, TrackingEnv, string]>([
    ["enabled with a customer id", {}, {}, "https://targett.example/cinema-1/tag.js"],
    ["not enabled", { targett: { enabled: false, customerId: "cinema-1" } }, {}, ""],
    ["enabled without a customer id", { targett: { enabled: true, customerId: "" } }, {}, ""],
    ["no script URL deployed", {}, { GATSBY_TARGETT_SCRIPT_URL: "" }, ""],
  ])("Targett script: %s → %j", (_case, sitePatch, envPatch, expected) => {
    expect(targettScriptUrl(site(sitePatch), deploy(envPatch))).toBe(expected);
  });
});

describe("loadTags", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it("starts the data layer with gtm.js's event and inserts every script once", () => {
    const plan = planTags(site(), deploy());
    loadTags(plan);
    loadTags(plan);
    const sources = Array.from(document.head.querySelectorAll("script")).map((s) => s.getAttribute("src"));
    expect(sources).toEqual([
      "https://tags.example/gtm.js?id=GTM-ADS&l=dataLayer",
      "https://tags.example/gtm.js?id=GTM-TGT&l=dataLayer",
      "https://tags.example/gtm.js?id=GTM-SITE&l=dataLayer",
      "https://atm.example/tm.js",
      "https://targett.example/cinema-1/tag.js",
    ]);
    expect((window as { dataLayer?: unknown[] }).dataLayer?.[0]).toEqual(
      expect.objectContaining({ event: "gtm.js", "gtm.start": expect.any(Number) }),
    );
  });

  describe("on a page opened with a member token or reset values (the Targett script reports location.href)", () => {
    const scripts = () => Array.from(document.head.querySelectorAll("script")).map((s) => s.getAttribute("src"));
    const targett = "https://targett.example/cinema-1/tag.js";
    /** Route updates by hand, and whether tracking is still on. */
    function pageWatch() {
      const listeners = new Set<(path: string) => void>();
      const watch: PageWatch & { tracking: jest.Mock<boolean> } = {
        pageShown: (listener) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
        tracking: jest.fn(() => true),
      };
      const show = (path: string) => {
        window.history.pushState(null, "", path);
        for (const listener of [...listeners]) listener(path);
      };
      return { watch, show, listening: () => listeners.size };
    }
    afterEach(() => window.history.replaceState(null, "", "/"));

    it.each([
      "/?token=MT-SECRET",
      "/account/reset-password/?email=jane%40example.com&resetCode=RC-999",
      "/account/reset-password/?uid=M-1&token=RT-2",
    ])("%s: Targett waits for a page without them, the other tags load at once", (opened) => {
      window.history.replaceState(null, "", opened);
      const { watch, show, listening } = pageWatch();
      loadTags(planTags(site(), deploy()), window, watch);
      expect(scripts()).not.toContain(targett);
      expect(scripts()).toContain("https://tags.example/gtm.js?id=GTM-TGT&l=dataLayer");

      show("/films/?token=MT-SECRET");
      expect(scripts()).not.toContain(targett);
      show("/films/?utm_source=mail");
      expect(scripts()).toContain(targett);
      expect(listening()).toBe(0);
    });

    it("a visitor who refused in the meantime gets no Targett script", () => {
      window.history.replaceState(null, "", "/?token=MT-SECRET");
      const { watch, show } = pageWatch();
      loadTags(planTags(site(), deploy()), window, watch);
      watch.tracking.mockReturnValue(false);
      show("/films/");
      expect(scripts()).not.toContain(targett);
    });

    it("by default it listens to the site's route updates and the installed analytics sink", () => {
      window.history.replaceState(null, "", "/?token=MT-SECRET");
      loadTags(planTags(site(), deploy()));
      setAnalyticsSink({ sending: false, pageView: () => undefined, event: () => undefined });
      window.history.pushState(null, "", "/films/");
      recordPageView("/films/");
      expect(scripts()).not.toContain(targett);
      setAnalyticsSink({ sending: true, pageView: () => undefined, event: () => undefined });
      window.history.pushState(null, "", "/seances/");
      recordPageView("/seances/");
      expect(scripts()).toContain(targett);
      setAnalyticsSink(null);
    });

    it("a page with utm parameters only loads it at once", () => {
      window.history.replaceState(null, "", "/?utm_source=mail");
      loadTags(planTags(site(), deploy()), window, pageWatch().watch);
      expect(scripts()).toContain(targett);
    });
  });

  it("a script that fails to load is removed, nothing else happens", () => {
    loadTags(planTags(site({ containerIds: [] }), deploy()));
    const script = document.head.querySelector("script")!;
    script.dispatchEvent(new Event("error"));
    expect(script.isConnected).toBe(false);
  });
});

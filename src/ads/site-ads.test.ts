// What the build keeps of a site's ad settings (spec §3, §9), and the plans made from it: the ad
// wrapper's configuration (spec §7) and the direct-mode slots.
import { minimalSettings } from "../config/__fixtures__/minimal";
import { siteSettingsSchema, type SiteSettingsInput } from "../config/settings";
import { adScriptUrl, adsShown, parseAdsDeploySettings } from "./deploy-settings";
import { buildPageData, targetingFor } from "./page-data";
import { directSlotsFor, wrapperConfigFor } from "./plan";
import { decodeWebsiteId, siteAdsOf, withAdsDeploy } from "./site-ads";
import { parseSizeMapping } from "./size-mapping";
import { itReturns } from "../test/tables";

const settings = (overrides: Partial<SiteSettingsInput>) =>
  siteSettingsSchema.parse({ ...minimalSettings, ...overrides });
const FRANCE = { code: "FR", iso31661A2: "FR", iso31661A3: "FRA" };
const deploy = parseAdsDeploySettings({
  GATSBY_ADS_LIBRARY_URL: "https://lib.example/library/{siteCode}.js",
  GATSBY_GPT_SCRIPT_URL: "https://gpt.example/gpt.js",
}).settings;

describe("decodeWebsiteId (spec §3: the decoded settings id)", () => {
  itReturns(
    decodeWebsiteId,
    [
      ["V2Vic2l0ZU1hbmFnZXI6MTAwNDI=", "10042"],
      ["V2Vic2l0ZU1hbmFnZXI6MjAwNzc=", "20077"],
      [Buffer.from("4321").toString("base64"), "4321"],
    ],
    "%s → %s",
  );
});

describe("siteAdsOf", () => {
  it("PROGRAMMATIC: the adsLocation positions, the country's network and site code", () => {
    const ads = siteAdsOf(
      settings({
        country: FRANCE,
        adsDisplay: "PROGRAMMATIC",
        adsLocation: ["INTERSTITIAL", "PAGES_TOP", "PAGES_BOTTOM", "PULSE"],
      }),
    );
    expect(ads).toMatchObject({
      display: "PROGRAMMATIC",
      positions: ["interstitial", "header", "footer", "pulse"],
      customLocations: [],
      customInterstitial: false,
      pathRoot: "120157152",
      siteCode: "WMP_FR_WEB",
      websiteId: "1",
    });
    expect(adScriptUrl(ads, deploy)).toBe("https://lib.example/library/WMP_FR_WEB.js");
    expect(adsShown(ads, deploy)).toBe(true);
  });

  it("CUSTOM: the custom locations, the custom path as root, the library from adsCustom.url; INTERSTITIAL kept", () => {
    const ads = siteAdsOf(
      settings({
        adsDisplay: "CUSTOM",
        adsLocation: ["INTERSTITIAL", "PAGES_TOP"],
        adsCustom: {
          locations: [{ key: "sidebar" }],
          sizeMapping: JSON.stringify({ sidebar: { "0": [[300, 250]], "1024": [[300, 600]] } }),
          url: "https://ads.example.com/library/starlight",
          networkCode: "",
        },
      }),
    );
    expect(ads).toMatchObject({
      positions: ["interstitial"],
      customLocations: [
        {
          key: "sidebar",
          elementId: "sidebarCustomPromoContainer",
          reserve: [
            { minWidth: 1024, height: 600 },
            { minWidth: 0, height: 250 },
          ],
        },
      ],
      pathRoot: "starlight",
    });
    expect(adScriptUrl(ads, deploy)).toBe("https://ads.example.com/library/starlight");
  });

  it("CUSTOM_WITHOUT_WRAPPER: no wrapper position, GPT, the network code, the custom interstitial when the mapping enables it", () => {
    const ads = siteAdsOf(
      settings({
        adsDisplay: "CUSTOM_WITHOUT_WRAPPER",
        adsLocation: ["PAGES_TOP"],
        adsCustom: {
          locations: [{ key: "top" }],
          sizeMapping: JSON.stringify({ top: { "0": [[320, 50]] }, interstitial: {} }),
          url: "",
          networkCode: "21800000",
        },
      }),
    );
    expect(ads).toMatchObject({ positions: [], customInterstitial: true, networkCode: "21800000" });
    expect(adScriptUrl(ads, deploy)).toBe("https://gpt.example/gpt.js");
  });

  it("the build completes them with the deploy's script (the browser reads no deploy setting)", () => {
    const ads = siteAdsOf(settings({ adsDisplay: "PROGRAMMATIC", adsLocation: ["PAGES_TOP"] }));
    expect(ads).toMatchObject({ scriptUrl: "", shown: false });
    expect(withAdsDeploy(ads, deploy)).toMatchObject({
      scriptUrl: "https://lib.example/library/WMP_US_WEB.js",
      shown: true,
    });
  });

  it("ads off: NONE, or a wrapper mode without a library URL", () => {
    expect(adsShown(siteAdsOf(settings({ adsDisplay: "NONE", adsLocation: ["PAGES_TOP"] })), deploy)).toBe(false);
    const programmatic = siteAdsOf(settings({ adsDisplay: "PROGRAMMATIC", adsLocation: ["PAGES_TOP"] }));
    expect(adsShown(programmatic, parseAdsDeploySettings({}).settings)).toBe(false);
    expect(adsShown(siteAdsOf(settings({ adsDisplay: "PROGRAMMATIC" })), deploy)).toBe(false);
  });
});

describe("the plans", () => {
  const circuit = settings({
    adsDisplay: "PROGRAMMATIC",
    adsLocation: ["PAGES_TOP", "PULSE", "INTERSTITIAL"],
    isSingleLocation: false,
    circuit: { id: "STAR", name: "Starlight Cinemas" },
  });
  const pageData = buildPageData({
    urlOrigin: "https://www.example.com",
    domain: "www.example.com",
    pageType: "film",
    theater: { id: "t1", name: "Starlight Downtown", path: "/theaters/starlight-downtown/" },
    film: { id: 2051, title: "Night Train", releaseDate: "2026-11-20", path: "/films/2051-night-train/" },
    isLoggedIn: true,
  });
  const targeting = targetingFor({
    pageData,
    display: "PROGRAMMATIC",
    websiteId: "1",
    pageTitle: "Night Train | Starlight",
    currentPath: "/films/2051-night-train/",
    circuit: { id: "STAR", name: "Starlight Cinemas" },
    scheduledMovieIds: [2051, 2051],
  });

  it("the global page data object (spec §3)", () => {
    expect(pageData).toEqual({
      urlOrigin: "https://www.example.com",
      domain: "www.example.com",
      pageType: "film",
      theaterId: "t1",
      theaterName: "Starlight Downtown",
      theaterPermalinkOrigin: "https://www.example.com",
      theaterPermalinkPath: "/theaters/starlight-downtown/",
      movieId: 2051,
      movieTitle: "Night Train",
      movieReleaseDate: "2026-11-20",
      moviePermalinkOrigin: "https://www.example.com",
      moviePermalinkPath: "/films/2051-night-train/",
      isLoggedIn: true,
    });
  });

  it("the targeting, exactly as spec §3 lists it, isLoggedIn as a string (spec §6)", () => {
    expect(targeting).toEqual({
      page: "Night Train | Starlight",
      adType: "captif-et-hors-captif",
      websiteID: "1",
      domain: "www.example.com",
      currentPath: "/films/2051-night-train/",
      urlOrigin: "https://www.example.com",
      theater: "Starlight Downtown",
      theaterID: "t1",
      theaterGroup: "Starlight Cinemas",
      theaterGroupID: "STAR",
      moviePermalinkPath: "/films/2051-night-train/",
      moviePermalinkOrigin: "https://www.example.com",
      scheduledMovieIds: ["2051"],
      isLoggedIn: "true",
    });
  });

  it("the ad wrapper's configuration (spec §7)", () => {
    const place = { isSingleLocation: false, circuitName: "Starlight Cinemas", theaterName: "Starlight Downtown" };
    expect(wrapperConfigFor(siteAdsOf(circuit), place, targeting)).toEqual({
      pagePath: "/9518146/allads/starlight-cinemas/starlight-downtown",
      pagePositions: ["header", "pulse", "interstitial"],
      elementsMapping: {
        header: "HeaderPromoContainer",
        pulse: "PulsePromoContainer",
        interstitial: "InterstitialContainer",
      },
      targeting,
      interstitialOnFirstPageEnabled: true,
    });
  });

  it("direct mode's slots: a slot per mapped custom location, and the 1x1 custom interstitial", () => {
    const sizeMapping = JSON.stringify({ top: { "0": [[320, 50]], "768": [[728, 90]] }, interstitial: {} });
    const ads = siteAdsOf(
      settings({
        country: FRANCE,
        adsDisplay: "CUSTOM_WITHOUT_WRAPPER",
        adsCustom: { locations: [{ key: "top" }, { key: "unmapped" }], sizeMapping, url: "", networkCode: "" },
      }),
    );
    const place = { isSingleLocation: true, circuitName: null, theaterName: "Cinéma Lumière" };
    expect(directSlotsFor(ads, place, parseSizeMapping(sizeMapping, ["top", "unmapped"]))).toEqual([
      {
        elementId: "topCustomPromoContainer",
        adUnitPath: "/120157152/restrictedads/cinema-lumiere/top",
        sizes: [
          [728, 90],
          [320, 50],
        ],
        sizeMapping: [
          { viewportWidth: 768, sizes: [[728, 90]] },
          { viewportWidth: 0, sizes: [[320, 50]] },
        ],
        interstitial: false,
      },
      {
        elementId: "CustomInterstitialContainer",
        adUnitPath: "/120157152/restrictedads/cinema-lumiere/interstitial",
        sizes: [[1, 1]],
        sizeMapping: [],
        interstitial: true,
      },
    ]);
  });
});

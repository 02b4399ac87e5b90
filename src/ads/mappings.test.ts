// Spec §7 and §9 "Ads", as tables.
import { adPagePath } from "./ad-path";
import {
  adTypeOf,
  customElementId,
  customPathOf,
  ELEMENT_ID_OF_POSITION,
  networkIdFor,
  normaliseAdsDisplay,
  positionsOf,
  siteCodeFor,
  tierOf,
  type AdsDisplay,
} from "./mappings";
import { itReturns } from "../test/tables";

describe("adsDisplay → tier and adType (spec §9)", () => {
  it.each<[AdsDisplay, string, string]>([
    ["PROGRAMMATIC", "allads", "captif-et-hors-captif"],
    ["CUSTOM", "allads", "captif-et-hors-captif"],
    ["CUSTOM_WITHOUT_WRAPPER", "restrictedads", "captif-uniquement"],
    ["HOUSE", "restrictedads", "captif-uniquement"],
    ["ON", "restrictedads", "captif-uniquement"],
  ])("%s → %s, %s", (display, tier, adType) => {
    expect(tierOf(display)).toBe(tier);
    expect(adTypeOf(display)).toBe(adType);
  });

  itReturns(
    normaliseAdsDisplay,
    [
      ["NONE", ""],
      [false, ""],
      [true, "ON"],
      ["PROGRAMMATIC", "PROGRAMMATIC"],
      ["CUSTOM_WITHOUT_WRAPPER", "CUSTOM_WITHOUT_WRAPPER"],
    ],
    "settings value %p is read as %p (both readings of spec §3)",
  );
});

describe("adsLocation → positions and element ids (spec §9)", () => {
  it.each([
    ["INTERSTITIAL", "interstitial", "InterstitialContainer"],
    ["PAGES_BOTTOM", "footer", "FooterPromoContainer"],
    ["PAGES_TOP", "header", "HeaderPromoContainer"],
    ["PULSE", "pulse", "PulsePromoContainer"],
  ] as const)("%s → %s in #%s", (location, position, elementId) => {
    expect(positionsOf([location])).toEqual([position]);
    expect(ELEMENT_ID_OF_POSITION[position]).toBe(elementId);
  });

  it("keeps the operator's order and lists a position once", () => {
    expect(positionsOf(["PULSE", "PAGES_TOP", "PULSE", "INTERSTITIAL"])).toEqual(["pulse", "header", "interstitial"]);
  });

  it("CUSTOM keys → {key}CustomPromoContainer", () => {
    expect(customElementId("sidebar")).toBe("sidebarCustomPromoContainer");
  });
});

describe("network id and site code by country (spec §9)", () => {
  it.each([
    ["FR", "120157152", "WMP_FR_WEB"],
    ["fr", "120157152", "WMP_FR_WEB"],
    ["US", "9518146", "WMP_US_WEB"],
    ["BE", "9518146", "WMP_US_WEB"],
  ])("%s → network %s, site code %s", (country, network, siteCode) => {
    expect(networkIdFor(country)).toBe(network);
    expect(siteCodeFor(country)).toBe(siteCode);
  });
});

describe("custom ad path: the part of adsCustom.url after 'library/' (spec §9)", () => {
  itReturns(customPathOf, [
    ["https://ads.example.com/library/starlight", "starlight"],
    ["https://ads.example.com/library/acme/v2/", "acme/v2"],
    ["https://ads.example.com/library/acme.js?v=3#x", "acme.js"],
    ["https://ads.example.com/lib/acme", ""],
    ["", ""],
  ]);
});

describe("the wrapper page path (spec §7, §9)", () => {
  it.each([
    [
      "single-location site: no circuit segment",
      {
        root: "120157152",
        tier: "allads",
        isSingleLocation: true,
        circuitName: null,
        theaterName: "Cinéma Lumière Annecy",
      },
      "/120157152/allads/cinema-lumiere-annecy",
    ],
    [
      "circuit: circuit then theater, slugs strict and lowercase",
      {
        root: "9518146",
        tier: "allads",
        isSingleLocation: false,
        circuitName: "Starlight Cinemas",
        theaterName: "Starlight Downtown (IMAX) & Café",
      },
      "/9518146/allads/starlight-cinemas/starlight-downtown-imax-and-cafe",
    ],
    [
      "circuit page without a current theater",
      {
        root: "9518146",
        tier: "restrictedads",
        isSingleLocation: false,
        circuitName: "Starlight Cinemas",
        theaterName: null,
      },
      "/9518146/restrictedads/starlight-cinemas",
    ],
    [
      "CUSTOM mode's custom path as the root",
      { root: "acme/v2", tier: "allads", isSingleLocation: false, circuitName: "Acme", theaterName: "Acme Nord" },
      "/acme/v2/allads/acme/acme-nord",
    ],
  ] as const)("%s", (_, input, path) => {
    expect(adPagePath(input)).toBe(path);
  });
});

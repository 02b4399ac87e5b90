// Test support: the ads of a site on the sandbox's programmatic wrapper (WMP_FR_WEB), for the
// tests of the ad runtime and its slots. A test says only how its site differs.
import type { SiteAds } from "../ads/site-ads";

export function programmaticAds(overrides: Partial<SiteAds> = {}): SiteAds {
  return {
    display: "PROGRAMMATIC",
    positions: ["header", "interstitial"],
    customLocations: [],
    customInterstitial: false,
    sizeMapping: "",
    pathRoot: "120157152",
    customLibraryUrl: "",
    networkCode: "120157152",
    siteCode: "WMP_FR_WEB",
    websiteId: "1",
    scriptUrl: "https://lib.example/library/WMP_FR_WEB.js",
    shown: true,
    ...overrides,
  };
}

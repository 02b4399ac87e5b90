// The fixed mappings of spec §9 "Ads". Pure: the build, the placeholders and the lazily loaded ad
// runtime all read them (the wrapper page path, which needs slugify, is in ad-path.ts: the
// placeholders are first-load code).

/** settings.adsDisplay, normalised: "" when ads are off (NONE or false), "ON" for the boolean reading's true. */
export type AdsDisplay = "" | "PROGRAMMATIC" | "CUSTOM" | "CUSTOM_WITHOUT_WRAPPER" | "HOUSE" | "ON";
export type AdsLocation = "INTERSTITIAL" | "PAGES_BOTTOM" | "PAGES_TOP" | "PULSE";
export type AdTier = "allads" | "restrictedads";
export type AdType = "captif-et-hors-captif" | "captif-uniquement";
export type AdPosition = "interstitial" | "header" | "footer" | "pulse";

export function normaliseAdsDisplay(value: string | boolean): AdsDisplay {
  if (value === true) return "ON";
  if (value === false || value === "NONE" || value === "") return "";
  return value as AdsDisplay;
}

const FULL_INVENTORY = new Set<AdsDisplay>(["PROGRAMMATIC", "CUSTOM"]);

/** Spec §9: PROGRAMMATIC and CUSTOM → 'allads'; other values → 'restrictedads'. */
export const tierOf = (display: AdsDisplay): AdTier => (FULL_INVENTORY.has(display) ? "allads" : "restrictedads");

/** Spec §9: PROGRAMMATIC and CUSTOM → 'captif-et-hors-captif'; other values → 'captif-uniquement'. */
export const adTypeOf = (display: AdsDisplay): AdType =>
  FULL_INVENTORY.has(display) ? "captif-et-hors-captif" : "captif-uniquement";

export const POSITION_OF_LOCATION: Readonly<Record<AdsLocation, AdPosition>> = {
  INTERSTITIAL: "interstitial",
  PAGES_BOTTOM: "footer",
  PAGES_TOP: "header",
  PULSE: "pulse",
};

/** adsLocation → positions, in the operator's order, each once. */
export function positionsOf(locations: readonly AdsLocation[]): AdPosition[] {
  return [...new Set(locations.map((location) => POSITION_OF_LOCATION[location]))];
}

export const ELEMENT_ID_OF_POSITION: Readonly<Record<AdPosition, string>> = {
  interstitial: "InterstitialContainer",
  header: "HeaderPromoContainer",
  footer: "FooterPromoContainer",
  pulse: "PulsePromoContainer",
};

/** CUSTOM mode: a custom location key → its element id (spec §9). */
export const customElementId = (key: string): string => `${key}CustomPromoContainer`;

/** The custom interstitial of direct ad-server mode (spec §2, §4), a 1x1 slot (spec §9). */
export const CUSTOM_INTERSTITIAL_ELEMENT_ID = "CustomInterstitialContainer";
export const CUSTOM_INTERSTITIAL_SIZE: readonly [number, number] = [1, 1];

export const DEFAULT_NETWORK_ID = "9518146";
export const FRANCE_NETWORK_ID = "120157152";

/** Spec §9: 120157152 for France, 9518146 otherwise. `country` is ISO 3166-1 alpha-2. */
export const networkIdFor = (country: string): string =>
  country.toUpperCase() === "FR" ? FRANCE_NETWORK_ID : DEFAULT_NETWORK_ID;

/** Spec §9: WMP_FR_WEB for France, WMP_US_WEB otherwise. */
export const siteCodeFor = (country: string): string => `WMP_${country.toUpperCase() === "FR" ? "FR" : "US"}_WEB`;

/**
 * Spec §9: the part of adsCustom.url after 'library/' ("https://ads.example.com/library/acme/v2" →
 * "acme/v2"); query, fragment and a trailing slash are not part of a path. "" when there is none.
 */
export function customPathOf(url: string): string {
  const marker = "library/";
  const at = url.indexOf(marker);
  if (at < 0) return "";
  return url
    .slice(at + marker.length)
    .split(/[?#]/)[0]!
    .replace(/\/+$/, "");
}

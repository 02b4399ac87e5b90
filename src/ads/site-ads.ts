// What one site's settings.json says about ads (spec §3), reduced at build to what the browser
// needs: a few strings and numbers in the site runtime, so the placeholders never need the
// settings schema and the lazily loaded ad runtime never needs zod.
import type { SiteSettings } from "../config/settings";
import {
  customElementId,
  customPathOf,
  networkIdFor,
  normaliseAdsDisplay,
  positionsOf,
  siteCodeFor,
  type AdPosition,
  type AdsDisplay,
} from "./mappings";
import { adScriptUrl, adsShown, type AdsDeploySettings } from "./deploy-settings";
import { parseSizeMapping, reservedHeights } from "./size-mapping";

export interface CustomAdLocation {
  key: string;
  elementId: string;
  /** Height to reserve from each viewport width up (widest first), from the size mapping; [] → none known. */
  reserve: { minWidth: number; height: number }[];
}

export interface SiteAds {
  display: AdsDisplay;
  /** Standard placements of the ad wrapper (adsLocation, spec §9); direct mode has none. */
  positions: AdPosition[];
  /** adsCustom.locations in CUSTOM and direct mode. */
  customLocations: CustomAdLocation[];
  /** Direct mode with the 'interstitial' key in the size mapping (spec §5): a 1x1 custom interstitial. */
  customInterstitial: boolean;
  /** adsCustom.sizeMapping as the operator wrote it: parsed again in the browser, which reports its problems (spec §8). */
  sizeMapping: string;
  /** The first segment of the wrapper page path: the network id, or CUSTOM mode's custom path. */
  pathRoot: string;
  /** CUSTOM mode: the ad library comes from adsCustom.url (spec §4); "" → the deploy's library. */
  customLibraryUrl: string;
  /** Direct mode: the ad-server network of the slots (adsCustom.networkCode, else the country's network id). */
  networkCode: string;
  siteCode: string;
  /** settings.id decoded (spec §3): the websiteID of the targeting. */
  websiteId: string;
  /** The script the ads load, decided at build with the deploy's settings (withAdsDeploy); "" → none. */
  scriptUrl: string;
  /** Placeholders and setup on the pages: something to place and a script to fill it. */
  shown: boolean;
}

/** Completes a site's ads with what the deploy sets (script URLs), so the browser needs none of it. */
export function withAdsDeploy(ads: SiteAds, deploy: AdsDeploySettings): SiteAds {
  return { ...ads, scriptUrl: adScriptUrl(ads, deploy), shown: adsShown(ads, deploy) };
}

/**
 * settings.id is an opaque base64 global id ("WebsiteManager:10042"); the ads want the site's own
 * number, the part after the type name. An id without a type name is used whole.
 */
export function decodeWebsiteId(id: string): string {
  let decoded: string;
  try {
    decoded = typeof atob === "function" ? atob(id) : Buffer.from(id, "base64").toString("binary");
  } catch {
    return id;
  }
  const at = decoded.lastIndexOf(":");
  return at >= 0 ? decoded.slice(at + 1) : decoded;
}

export function siteAdsOf(settings: SiteSettings): SiteAds {
  const display = normaliseAdsDisplay(settings.adsDisplay);
  const custom = settings.adsCustom;
  const country = settings.country.iso31661A2;
  const direct = display === "CUSTOM_WITHOUT_WRAPPER";
  const usesCustomLocations = display === "CUSTOM" || direct;
  const keys = usesCustomLocations ? [...new Set((custom?.locations ?? []).map((l) => l.key))] : [];
  const sizeMapping = usesCustomLocations ? (custom?.sizeMapping ?? "") : "";
  const parsed = parseSizeMapping(sizeMapping, keys);
  const positions = display === "" || direct ? [] : positionsOf(settings.adsLocation);
  const customPath = display === "CUSTOM" ? customPathOf(custom?.url ?? "") : "";
  return {
    display,
    // CUSTOM: the custom locations replace the standard ones; an INTERSTITIAL entry still shows
    // the standard interstitial (spec §4).
    positions: display === "CUSTOM" ? positions.filter((p) => p === "interstitial") : positions,
    customLocations: keys.map((key) => ({
      key,
      elementId: customElementId(key),
      reserve: reservedHeights(parsed.locations[key] ?? []),
    })),
    customInterstitial: direct && parsed.interstitial,
    sizeMapping,
    pathRoot: customPath || networkIdFor(country),
    customLibraryUrl: display === "CUSTOM" ? (custom?.url ?? "") : "",
    networkCode: (direct && custom?.networkCode.trim()) || networkIdFor(country),
    siteCode: siteCodeFor(country),
    websiteId: decodeWebsiteId(settings.id),
    scriptUrl: "",
    shown: false,
  };
}

declare module "../runtime/site-runtime" {
  interface SiteRuntime {
    /** Ad mode, placements, size mapping and ids of the site (spec §3, §9), reduced at build. */
    ads: SiteAds;
  }
}

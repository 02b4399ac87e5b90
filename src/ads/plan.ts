// What the ads of one page are: the ad wrapper's configuration (spec §7) or the direct-mode slots
// (Google Publisher Tag). Pure.
import { adPagePath } from "./ad-path";
import { CUSTOM_INTERSTITIAL_ELEMENT_ID, CUSTOM_INTERSTITIAL_SIZE, ELEMENT_ID_OF_POSITION, tierOf } from "./mappings";
import { withoutPrivateValues } from "../tracking/analytics/vendor-payload";
import type { AdTargeting } from "./page-data";
import type { SiteAds } from "./site-ads";
import { allSizes, type AdSize, type ParsedSizeMapping, type SizeMappingRule } from "./size-mapping";

/** Where the page is, for the ad path. */
export interface AdPlace {
  isSingleLocation: boolean;
  circuitName: string | null;
  theaterName: string | null;
}

/** The ad wrapper's configuration (spec §7); nothing in it carries a private query parameter (issue 44). */
export interface WrapperConfig {
  pagePath: string;
  pagePositions: string[];
  elementsMapping: Record<string, string>;
  targeting: AdTargeting;
  interstitialOnFirstPageEnabled: true;
}

export function wrapperPagePath(ads: SiteAds, place: AdPlace): string {
  return adPagePath({ root: ads.pathRoot, tier: tierOf(ads.display), ...place });
}

export function wrapperConfigFor(ads: SiteAds, place: AdPlace, targeting: AdTargeting): WrapperConfig {
  const elementsMapping: Record<string, string> = {};
  for (const position of ads.positions) elementsMapping[position] = ELEMENT_ID_OF_POSITION[position];
  for (const location of ads.customLocations) elementsMapping[location.key] = location.elementId;
  return withoutPrivateValues({
    pagePath: wrapperPagePath(ads, place),
    pagePositions: Object.keys(elementsMapping),
    elementsMapping,
    targeting,
    interstitialOnFirstPageEnabled: true as const,
  });
}

/** One Google Publisher Tag slot of direct ad-server mode. */
export interface DirectSlot {
  elementId: string;
  adUnitPath: string;
  sizes: AdSize[];
  /** Widest viewport first; [] → the slot's sizes at every width. */
  sizeMapping: SizeMappingRule[];
  interstitial: boolean;
}

/**
 * Direct mode: a slot per custom location that has a valid size mapping (a location without one
 * has no size to ask for), under the network's path of this page, plus the 1x1 custom
 * interstitial when the size mapping enables it.
 */
export function directSlotsFor(ads: SiteAds, place: AdPlace, sizeMapping: ParsedSizeMapping): DirectSlot[] {
  const path = adPagePath({ root: ads.networkCode, tier: tierOf(ads.display), ...place });
  const slots: DirectSlot[] = [];
  for (const location of ads.customLocations) {
    const rules = sizeMapping.locations[location.key];
    if (!rules || rules.length === 0) continue;
    slots.push({
      elementId: location.elementId,
      adUnitPath: `${path}/${location.key}`,
      sizes: allSizes(rules),
      sizeMapping: [...rules],
      interstitial: false,
    });
  }
  if (ads.customInterstitial && sizeMapping.interstitial)
    slots.push({
      elementId: CUSTOM_INTERSTITIAL_ELEMENT_ID,
      adUnitPath: `${path}/interstitial`,
      sizes: [CUSTOM_INTERSTITIAL_SIZE],
      sizeMapping: [],
      interstitial: true,
    });
  return slots;
}

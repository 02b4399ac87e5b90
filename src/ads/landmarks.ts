// Each ad placeholder is a complementary landmark (<aside>), so what an ad library draws is never
// content outside every landmark (axe "region"). Several on a page are numbered in page order, so
// their names differ (axe "landmark-unique") and a landmark list says which is which. The
// interstitial has a name of its own ("ads.interstitial.label") and no number: it shows on one
// page of a visit and goes when closed, and the others keep their numbers on every page. Pure.
import type { SiteAds } from "./site-ads";

/**
 * The slot keys (`data-ad-slot`) of the page's numbered ad landmarks, in page order: header promo,
 * custom locations, footer promo, pulse. The custom interstitial (1x1) shows nothing a visitor
 * perceives and stays a plain element.
 */
export function adLandmarkSlots(ads: SiteAds): string[] {
  if (!ads.shown) return [];
  const has = (position: SiteAds["positions"][number]) => ads.positions.includes(position);
  return [
    ...(has("header") ? ["header"] : []),
    ...ads.customLocations.map((location) => location.key),
    ...(has("footer") ? ["footer"] : []),
    ...(has("pulse") ? ["pulse"] : []),
  ];
}

/** The values of the "ads.slot.label" message for one slot: its place among the page's ad landmarks. */
export function adLandmarkPlace(ads: SiteAds, slot: string): { index: number; count: number } {
  const slots = adLandmarkSlots(ads);
  return { index: slots.indexOf(slot) + 1, count: slots.length };
}

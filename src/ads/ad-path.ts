// The wrapper page path of spec §7. Apart from mappings.ts because of slugify: only the build and
// the lazily loaded ad runtime need it, never a visitor's first load.
import slugify from "slugify";
import type { AdTier } from "./mappings";

/** Spec §9: circuit and theater names in ad paths are slugified, lowercase and strict. */
export const adSlug = (name: string): string => slugify(name, { lower: true, strict: true });

export interface AdPagePathInput {
  /** The network id, or CUSTOM mode's custom path. */
  root: string;
  tier: AdTier;
  isSingleLocation: boolean;
  circuitName: string | null;
  /** The current theater (spec §4 "Selected theater"); null on a circuit page with none. */
  theaterName: string | null;
}

/**
 * Spec §7: /{networkOrCustomPath}/{allads|restrictedads}/{circuitSlug}/{theaterSlug}, the circuit
 * segment omitted on single-location sites. A segment that is empty (no circuit name, no current
 * theater) is left out rather than written as "//".
 */
export function adPagePath({ root, tier, isSingleLocation, circuitName, theaterName }: AdPagePathInput): string {
  const segments = [
    root.replace(/^\/+|\/+$/g, ""),
    tier,
    isSingleLocation ? "" : adSlug(circuitName ?? ""),
    adSlug(theaterName ?? ""),
  ];
  return `/${segments.filter(Boolean).join("/")}`;
}

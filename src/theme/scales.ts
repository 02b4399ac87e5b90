/** Fixed design scales: roundness, breakpoints, motion. Pure data plus tiny helpers. */

/** Spec: "Roundness. Presets NONE, MEDIUM, HIGH." */
export type Roundness = "NONE" | "MEDIUM" | "HIGH";
export const ROUNDNESS_PRESETS = ["NONE", "MEDIUM", "HIGH"] as const satisfies readonly Roundness[];

export type RoundnessTarget = "content" | "buttons";

/**
 * Corner radius in px per preset and target. The spec names the presets but not
 * their sizes; these are our choice. Buttons at HIGH become pills (a radius
 * larger than any button's height), which is why the two targets differ.
 */
export const RADII_PX: Readonly<Record<RoundnessTarget, Readonly<Record<Roundness, number>>>> = {
  content: { NONE: 0, MEDIUM: 8, HIGH: 16 },
  buttons: { NONE: 0, MEDIUM: 6, HIGH: 9999 },
};

/** Spec: "Content defaults to MEDIUM and buttons to HIGH." */
export const DEFAULT_ROUNDNESS: Readonly<Record<RoundnessTarget, Roundness>> = { content: "MEDIUM", buttons: "HIGH" };

export function radiusPx(target: RoundnessTarget, roundness: Roundness = DEFAULT_ROUNDNESS[target]): number {
  const px = RADII_PX[target][roundness];
  if (px === undefined) {
    throw new Error(
      `Invalid roundness "${String(roundness)}" for ${target}: expected one of ${ROUNDNESS_PRESETS.join(", ")}`,
    );
  }
  return px;
}

/** Spec: "Breakpoints. 640, 768, 1024, 1280, 1600 px." */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1600 } as const;
export type BreakpointName = keyof typeof BREAKPOINTS;

/** Bare mobile-first queries, for window.matchMedia and <source media>. */
export const MEDIA_QUERIES: Readonly<Record<BreakpointName, string>> = {
  sm: `(min-width: ${BREAKPOINTS.sm}px)`,
  md: `(min-width: ${BREAKPOINTS.md}px)`,
  lg: `(min-width: ${BREAKPOINTS.lg}px)`,
  xl: `(min-width: ${BREAKPOINTS.xl}px)`,
  xxl: `(min-width: ${BREAKPOINTS.xxl}px)`,
};

/** The same queries as at-rules, for `${theme.media.md} { ... }` in styled-components. */
export const MEDIA: Readonly<Record<BreakpointName, string>> = {
  sm: `@media ${MEDIA_QUERIES.sm}`,
  md: `@media ${MEDIA_QUERIES.md}`,
  lg: `@media ${MEDIA_QUERIES.lg}`,
  xl: `@media ${MEDIA_QUERIES.xl}`,
  xxl: `@media ${MEDIA_QUERIES.xxl}`,
};

/** Spec: "Animations. Durations 150 ms, 300 ms, 600 ms." Milliseconds. */
export const DURATIONS = { fast: 150, normal: 300, slow: 600 } as const;

/** Spec: "The loading spinner has the default title 'Loading' and a 750 ms rotation." */
export const SPINNER = { title: "Loading", rotationMs: 750 } as const;

/** Query that turns animation off; shared so the global style and components agree. */
export const REDUCED_MOTION = "@media (prefers-reduced-motion: reduce)";

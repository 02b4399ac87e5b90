/**
 * Derives the full set of colour tokens a site's components use from the
 * operator's palette and surface settings. Pure: no React, no DOM.
 */
import {
  BASE_COLOURS,
  BLACK,
  CONTRAST_RATIOS,
  WHITE,
  contrastRatio,
  isLight,
  readableColourOn,
  readableOn,
  shadeBy,
  tintBy,
  toHex,
  visibleOn,
} from "./colour";

/** Spec: "a palette with primary, accent, highlight, muted, background, footerBackground and headerBackground". */
export type Palette = {
  primary: string;
  accent: string;
  highlight: string;
  muted: string;
  background: string;
  footerBackground: string;
  headerBackground: string;
};

export type PaletteKey = keyof Palette;

export const PALETTE_KEYS = [
  "primary",
  "accent",
  "highlight",
  "muted",
  "background",
  "footerBackground",
  "headerBackground",
] as const satisfies readonly PaletteKey[];

export type SurfaceKey = "background" | "footerBackground" | "headerBackground";
export const SURFACE_KEYS = [
  "background",
  "footerBackground",
  "headerBackground",
] as const satisfies readonly SurfaceKey[];

/** One surface: a palette colour, tinted (positive percent) or shaded (negative percent). */
export type SurfaceSetting = { paletteColor: PaletteKey; tintShade: number };

/** Spec: "theme settings: background, footerBackground, headerBackground, each with tintShade and paletteColor; combination with name and swap". */
export type ThemeSurfaceSettings = {
  background: SurfaceSetting;
  footerBackground: SurfaceSetting;
  headerBackground: SurfaceSetting;
  /** Optional here so callers without a combination need not invent one; `swap` defaults to false. */
  combination?: { name: string; swap: boolean };
};

type PaletteTokens = { [K in PaletteKey]: string };
type ReadableTokens = { [K in PaletteKey as `readable${Capitalize<K>}`]: string };
type ReadableOnTokens = { [K in PaletteKey as `readableOn${Capitalize<K>}`]: string };
type VisibleTokens = { [K in PaletteKey as `visible${Capitalize<K>}`]: string };

/**
 * All derived colours, as lowercase `#rrggbb`.
 *
 * - `X`: the palette colour; for the three surfaces, after settings (tint/shade/swap).
 * - `readableX`: X adjusted to be readable (AA, 4.5:1) as text on the content surfaces
 *   (background, backgroundWithOffset, pageBackground).
 * - `readableOnX`: a text colour readable (AA) on X used as a background.
 * - `visibleX`: X adjusted to be perceptibly distinct (ΔE2000 ≥ 5.9) from the content surfaces.
 */
export type ColourTokens = PaletteTokens &
  ReadableTokens &
  ReadableOnTokens &
  VisibleTokens & {
    /** Body text on the content surfaces. */
    text: string;
    /** Secondary text (base darkAlt/lightAlt) on the content surfaces, still AA. */
    textAlt: string;
    /** Spec: "the background shaded 5% when light, tinted 5% when dark". For cards, table stripes. */
    backgroundWithOffset: string;
    /** Spec: "Page background: shaded or tinted 6%". What <body> paints behind the content. */
    pageBackground: string;
    /** Links on the content surfaces: the brand's primary, readable (AA 4.5:1) on all of them. */
    link: string;
    /** The focus ring on the content surfaces: at least 3:1 against each of them (WCAG 1.4.11). */
    focusRing: string;
    /**
     * The focus ring of controls filled with the primary colour (showtime buttons, submit buttons):
     * still 3:1 on the content surfaces, and the candidate that stands out most from the primary,
     * so the ring never reads as a thicker edge of the button itself.
     */
    focusRingOnPrimary: string;
    /** Form errors and invalid fields: a red readable (AA) on the content surfaces. */
    error: string;
    /**
     * What the logo sits on in the header. Logos are drawn for a light ground (as print logos
     * are): a light header shows them as they are; a dark header gives them a light plate, so
     * parts drawn in a colour close to the header's never vanish into it.
     */
    logoPlate: string;
  };

/** The red form errors start from, adjusted to the theme's surfaces like any text colour. */
export const ERROR_RED = "#c62828";

/** Spec offsets, as fractions for polished's shade/tint. */
export const BACKGROUND_OFFSET = 0.05;
export const PAGE_BACKGROUND_OFFSET = 0.06;

const capitalize = <K extends string>(key: K): Capitalize<K> =>
  (key.charAt(0).toUpperCase() + key.slice(1)) as Capitalize<K>;

function resolveSurface(palette: PaletteTokens, surface: SurfaceKey, setting: SurfaceSetting | undefined): string {
  if (!setting) return palette[surface];
  const { paletteColor, tintShade } = setting;
  if (!(PALETTE_KEYS as readonly string[]).includes(paletteColor)) {
    throw new Error(
      `Invalid theme setting ${surface}.paletteColor "${String(paletteColor)}": expected one of ${PALETTE_KEYS.join(", ")}`,
    );
  }
  if (typeof tintShade !== "number" || !Number.isFinite(tintShade) || tintShade < -100 || tintShade > 100) {
    throw new Error(
      `Invalid theme setting ${surface}.tintShade ${String(tintShade)}: expected a percentage from -100 (shade) to 100 (tint)`,
    );
  }
  const base = palette[paletteColor];
  if (tintShade > 0) return tintBy(tintShade / 100, base);
  if (tintShade < 0) return shadeBy(-tintShade / 100, base);
  return base;
}

/** The three surface colours after applying settings, including the header/footer swap. */
export function resolveSurfaces(palette: Palette, settings?: ThemeSurfaceSettings): Record<SurfaceKey, string> {
  const normalised = normalisePalette(palette);
  const background = resolveSurface(normalised, "background", settings?.background);
  const header = resolveSurface(normalised, "headerBackground", settings?.headerBackground);
  const footer = resolveSurface(normalised, "footerBackground", settings?.footerBackground);
  const swap = settings?.combination?.swap === true;
  return {
    background,
    headerBackground: swap ? footer : header,
    footerBackground: swap ? header : footer,
  };
}

function normalisePalette(palette: Palette): PaletteTokens {
  const out = {} as PaletteTokens;
  for (const key of PALETTE_KEYS) {
    try {
      out[key] = toHex(palette[key]);
    } catch (error) {
      // Prefix the key: "primary" is far easier to find in a config than a bad value alone.
      throw new Error(`Palette colour "${key}": ${(error as Error).message}`);
    }
  }
  return out;
}

const canCarryText = (surfaces: readonly string[]): boolean =>
  [BLACK, WHITE].some((text) => surfaces.every((bg) => contrastRatio(text, bg) >= CONTRAST_RATIOS.AA.small));

/**
 * The two offset surfaces. Spec: shaded when the background is light, tinted
 * when dark. Content text has to stay readable on the background and both
 * offsets at once, and for a narrow band of mid-tones (relative luminance
 * roughly 0.16–0.20) the spec's direction moves the offsets across the
 * black/white crossover so that no text colour reaches 4.5:1 on all three.
 * Only there the direction is reversed, which always restores a readable set
 * (the offsets then stay on the background's own side of the crossover).
 */
export function backgroundOffsets(background: string): { backgroundWithOffset: string; pageBackground: string } {
  const offsets = (light: boolean) => {
    const move = light ? shadeBy : tintBy;
    return {
      backgroundWithOffset: move(BACKGROUND_OFFSET, background),
      pageBackground: move(PAGE_BACKGROUND_OFFSET, background),
    };
  };
  const specDirection = offsets(isLight(background));
  if (canCarryText([background, specDirection.backgroundWithOffset, specDirection.pageBackground]))
    return specDirection;
  return offsets(!isLight(background));
}

/** Of colours already readable on the content surfaces, the one with the most contrast against `colour`. */
function mostDistinctFrom(colour: string, candidates: readonly string[]): string {
  return candidates.reduce((best, candidate) =>
    contrastRatio(candidate, colour) > contrastRatio(best, colour) ? candidate : best,
  );
}

export function deriveColourTokens(palette: Palette, settings?: ThemeSurfaceSettings): ColourTokens {
  const colours: PaletteTokens = { ...normalisePalette(palette), ...resolveSurfaces(palette, settings) };
  const background = colours.background;
  const { backgroundWithOffset, pageBackground } = backgroundOffsets(background);
  // Content sits on the background, on offset cards and on the page itself, so
  // content text must hold its contrast on all three, not just the first.
  const contentSurfaces = [background, backgroundWithOffset, pageBackground] as const;

  const derived: Record<string, string> = {
    text: readableOn(contentSurfaces),
    textAlt: readableOn(contentSurfaces, { dark: BASE_COLOURS.darkAlt, light: BASE_COLOURS.lightAlt }),
    backgroundWithOffset,
    pageBackground,
  };
  for (const key of PALETTE_KEYS) {
    const colour = colours[key];
    const name = capitalize(key);
    derived[key] = colour;
    derived[`readable${name}`] = readableColourOn(colour, contentSurfaces);
    // The page background's text is shown on all content surfaces, so it gets the same guarantee as `text`.
    derived[`readableOn${name}`] = key === "background" ? readableOn(contentSurfaces) : readableOn(colour);
    derived[`visible${name}`] = visibleOn(colour, contentSurfaces);
  }
  derived.link = derived.readablePrimary!;
  derived.focusRing = derived.readablePrimary!;
  derived.focusRingOnPrimary = mostDistinctFrom(colours.primary, [
    derived.text!,
    derived.readablePrimary!,
    derived.readableAccent!,
  ]);
  derived.error = readableColourOn(ERROR_RED, contentSurfaces);
  derived.logoPlate = isLight(colours.headerBackground)
    ? colours.headerBackground
    : isLight(background)
      ? background
      : BASE_COLOURS.light;
  return derived as ColourTokens;
}

/**
 * Pure colour maths for the theme: WCAG contrast, CIEDE2000 distance and the
 * "readable" / "visible" adjustments the derived tokens are built from.
 *
 * Every function accepts any opaque colour polished can parse (hex of 3 or 6
 * digits, rgb(), hsl(), CSS names) and returns lowercase `#rrggbb`, so tokens
 * compare and snapshot predictably whatever the operator typed.
 */
import { parseToRgb, shade, tint } from "polished";

export type Rgb = { red: number; green: number; blue: number };
export type Lab = { L: number; a: number; b: number };

/** Spec: "Base colours. Dark #212020, light #F7F7F7, darkAlt #4F4E4E, lightAlt #DDDDDD." */
export const BASE_COLOURS = {
  dark: "#212020",
  light: "#f7f7f7",
  darkAlt: "#4f4e4e",
  lightAlt: "#dddddd",
} as const;

export const BLACK = "#000000";
export const WHITE = "#ffffff";

export type ContrastLevel = "AA" | "AAA";
export type TextSize = "small" | "large";

/** Spec: "AA: 4.5 for small text, 3 for large text (7 for AAA small text)". AAA large is WCAG's 4.5. */
export const CONTRAST_RATIOS: Readonly<Record<ContrastLevel, Readonly<Record<TextSize, number>>>> = {
  AA: { small: 4.5, large: 3 },
  AAA: { small: 7, large: 4.5 },
};

/** Spec: "A 'visible' colour needs a perceptual colour distance of at least 5.9." */
export const VISIBLE_DELTA_E = 5.9;

/** A pair of text colours to try before falling back to pure black or white. */
export type ColourPair = { dark: string; light: string };

/** One background, or several that the same colour must work on at once (e.g. a card and the page under it). */
export type Backgrounds = string | readonly string[];

export function parseColour(colour: string): Rgb {
  if (typeof colour !== "string" || colour.trim() === "") {
    throw new Error(`Invalid colour ${JSON.stringify(colour)}: expected a hex colour such as "#1a2b3c" or "#abc"`);
  }
  let parsed: ReturnType<typeof parseToRgb>;
  try {
    parsed = parseToRgb(colour.trim());
  } catch {
    // polished's own message does not say which value was wrong, which is what an operator needs.
    throw new Error(`Invalid colour "${colour}": expected a hex colour such as "#1a2b3c" or "#abc"`);
  }
  if ("alpha" in parsed && parsed.alpha < 1) {
    // Contrast of a translucent colour depends on what is underneath, so no ratio could be promised.
    throw new Error(`Invalid colour "${colour}": translucent colours are not supported, use an opaque colour`);
  }
  return { red: parsed.red, green: parsed.green, blue: parsed.blue };
}

const channelHex = (n: number): string =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, "0");

/** Normalises any accepted colour to lowercase `#rrggbb` (polished would shorten to `#fff`). */
export function toHex(colour: string): string {
  const { red, green, blue } = parseColour(colour);
  return `#${channelHex(red)}${channelHex(green)}${channelHex(blue)}`;
}

/** sRGB channel (0–255) to linear light. 0.04045 and WCAG's 0.03928 give identical results on 8-bit input. */
function linearise(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * WCAG relative luminance, computed here rather than with polished's getLuminance
 * because that one rounds to 3 decimals, enough to push a 4.49 pair over 4.5.
 */
export function relativeLuminance(colour: string): number {
  const { red, green, blue } = parseColour(colour);
  return 0.2126 * linearise(red) + 0.7152 * linearise(green) + 0.0722 * linearise(blue);
}

/** WCAG contrast ratio (1–21), unrounded for the same reason as relativeLuminance. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A colour is "light" when black text contrasts with it better than white text does,
 * i.e. relative luminance above √(1.05 × 0.05) − 0.05 ≈ 0.179. Using the contrast
 * crossover (rather than luminance > 0.5) keeps "light" consistent with which text
 * colour readableOn picks, so shading a light background always moves it away from
 * its text, never towards it.
 */
export const LIGHT_LUMINANCE_THRESHOLD = Math.sqrt(1.05 * 0.05) - 0.05;

export function isLight(colour: string): boolean {
  return relativeLuminance(colour) > LIGHT_LUMINANCE_THRESHOLD;
}

/** Mixes towards black by `amount` (0–1). Wraps polished so results are normalised hex. */
export function shadeBy(amount: number, colour: string): string {
  return toHex(shade(clampUnit(amount), toHex(colour)));
}

/** Mixes towards white by `amount` (0–1). */
export function tintBy(amount: number, colour: string): string {
  return toHex(tint(clampUnit(amount), toHex(colour)));
}

function clampUnit(n: number): number {
  if (!Number.isFinite(n)) throw new Error(`Invalid amount ${String(n)}: expected a number between 0 and 1`);
  return Math.min(1, Math.max(0, n));
}

// ---------------------------------------------------------------------------
// CIELAB and CIEDE2000
// ---------------------------------------------------------------------------

// sRGB → XYZ (D65) matrix. The white point is taken as the matrix row sums so
// that #ffffff lands on a* = b* = 0 exactly instead of a rounding residue.
const M = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
] as const;
const WHITE_XYZ = M.map((row) => row[0] + row[1] + row[2]) as [number, number, number];

function labF(t: number): number {
  const delta = 6 / 29;
  return t > delta ** 3 ? Math.cbrt(t) : t / (3 * delta * delta) + 4 / 29;
}

/** CIELAB (D65, 2° observer) of an sRGB colour. */
export function toLab(colour: string): Lab {
  const { red, green, blue } = parseColour(colour);
  const rgb = [linearise(red), linearise(green), linearise(blue)] as const;
  const [x, y, z] = M.map((row, i) => (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]) / WHITE_XYZ[i]!) as [
    number,
    number,
    number,
  ];
  const fx = labF(x);
  const fy = labF(y);
  const fz = labF(z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;
const POW25_7 = 25 ** 7;

/**
 * CIEDE2000 colour difference (kL = kC = kH = 1), following the equations and
 * hue-angle conventions of Sharma, Wu & Dalal (2005), whose test pairs the tests check.
 */
export function ciede2000(lab1: Lab, lab2: Lab): number {
  const { L: L1, a: a1, b: b1 } = lab1;
  const { L: L2, a: a2, b: b2 } = lab2;

  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + POW25_7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hueOf = (b: number, ap: number): number => (b === 0 && ap === 0 ? 0 : (toDeg(Math.atan2(b, ap)) + 360) % 360);
  const h1p = hueOf(b1, a1p);
  const h2p = hueOf(b2, a2p);
  const chromaProduct = C1p * C2p;

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (chromaProduct !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(chromaProduct) * Math.sin(toRad(dhp / 2));

  const Lbarp = (L1 + L2) / 2;
  const Cbarp = (C1p + C2p) / 2;
  let hbarp = h1p + h2p;
  if (chromaProduct !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hbarp /= 2;
    else hbarp = hbarp < 360 ? (hbarp + 360) / 2 : (hbarp - 360) / 2;
  }

  const T =
    1 -
    0.17 * Math.cos(toRad(hbarp - 30)) +
    0.24 * Math.cos(toRad(2 * hbarp)) +
    0.32 * Math.cos(toRad(3 * hbarp + 6)) -
    0.2 * Math.cos(toRad(4 * hbarp - 63));
  const dTheta = 30 * Math.exp(-(((hbarp - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cbarp ** 7 / (Cbarp ** 7 + POW25_7));
  const Lm50sq = (Lbarp - 50) ** 2;
  const Sl = 1 + (0.015 * Lm50sq) / Math.sqrt(20 + Lm50sq);
  const Sc = 1 + 0.045 * Cbarp;
  const Sh = 1 + 0.015 * Cbarp * T;
  const Rt = -Math.sin(toRad(2 * dTheta)) * Rc;

  const l = dLp / Sl;
  const c = dCp / Sc;
  const h = dHp / Sh;
  return Math.sqrt(l * l + c * c + h * h + Rt * c * h);
}

/** Perceptual distance (CIEDE2000 on CIELAB/D65) between two sRGB colours. */
export function deltaE2000(a: string, b: string): number {
  return ciede2000(toLab(a), toLab(b));
}

// ---------------------------------------------------------------------------
// Readable and visible colours
// ---------------------------------------------------------------------------

function backgroundList(background: Backgrounds): readonly string[] {
  const list = typeof background === "string" ? [background] : background;
  if (list.length === 0) throw new Error("At least one background colour is required");
  return list;
}

const minContrast = (colour: string, backgrounds: readonly string[]): number =>
  Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg)));

const minDeltaE = (colour: string, backgrounds: readonly string[]): number =>
  Math.min(...backgrounds.map((bg) => deltaE2000(colour, bg)));

/** Most backgrounds given together are variants of one surface; the first decides which way to move. */
const leadIsLight = (backgrounds: readonly string[]): boolean => isLight(backgrounds[0]!);

/**
 * A text colour for `background` that reaches the required contrast.
 *
 * Tries the preferred pair (dark first on a light background, light first on a
 * dark one), then falls back to whichever of black or white contrasts best.
 * One of black/white always reaches 4.58:1, so AA (and AA large / AAA large)
 * is always met. AAA small (7:1) is impossible on mid-tones (e.g. #777777):
 * there the best achievable colour is returned rather than throwing, because a
 * site must still render; callers needing a guarantee can check contrastRatio.
 */
export function readableOn(
  background: Backgrounds,
  preferred: ColourPair = { dark: BASE_COLOURS.dark, light: BASE_COLOURS.light },
  level: ContrastLevel = "AA",
  size: TextSize = "small",
): string {
  const backgrounds = backgroundList(background);
  const required = CONTRAST_RATIOS[level][size];
  const light = leadIsLight(backgrounds);
  const candidates = light ? [preferred.dark, preferred.light] : [preferred.light, preferred.dark];
  for (const candidate of candidates) {
    if (minContrast(candidate, backgrounds) >= required) return toHex(candidate);
  }
  return minContrast(BLACK, backgrounds) >= minContrast(WHITE, backgrounds) ? BLACK : WHITE;
}

// 2.5% steps: fine enough to keep as much of the brand hue as possible, and
// bounded (40 steps reach pure black/white, which then decides the fallback).
const ADJUST_STEP = 0.025;
const ADJUST_STEPS = 40;

/**
 * `colour` as text on `background`: kept as is when it reaches the level,
 * otherwise shaded (light background) or tinted (dark background) by the
 * smallest step that reaches it, otherwise readableOn's fallback.
 */
export function readableColourOn(
  colour: string,
  background: Backgrounds,
  level: ContrastLevel = "AA",
  size: TextSize = "small",
): string {
  const backgrounds = backgroundList(background);
  const required = CONTRAST_RATIOS[level][size];
  const original = toHex(colour);
  if (minContrast(original, backgrounds) >= required) return original;
  const move = leadIsLight(backgrounds) ? shadeBy : tintBy;
  for (let step = 1; step <= ADJUST_STEPS; step++) {
    const candidate = move(step * ADJUST_STEP, original);
    if (minContrast(candidate, backgrounds) >= required) return candidate;
  }
  return readableOn(backgrounds, undefined, level, size);
}

/**
 * `colour` for non-text use (borders, icons, accents) on `background`: kept when
 * its CIEDE2000 distance is at least 5.9, otherwise shaded/tinted away from the
 * background until it is, in bounded steps, then readableOn's fallback.
 */
export function visibleOn(colour: string, background: Backgrounds): string {
  const backgrounds = backgroundList(background);
  const original = toHex(colour);
  if (minDeltaE(original, backgrounds) >= VISIBLE_DELTA_E) return original;
  const move = leadIsLight(backgrounds) ? shadeBy : tintBy;
  for (let step = 1; step <= ADJUST_STEPS; step++) {
    const candidate = move(step * ADJUST_STEP, original);
    if (minDeltaE(candidate, backgrounds) >= VISIBLE_DELTA_E) return candidate;
  }
  return readableOn(backgrounds);
}

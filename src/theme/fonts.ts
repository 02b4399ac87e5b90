/**
 * The body/heading font catalogue. Fonts are self-hosted from npm packages
 * (Fontsource), never loaded from a font CDN, and only the families and weights
 * a site picks are copied into its build (see font-assets.ts).
 *
 * Variable packages (@fontsource-variable/*) are used wherever one exists: a
 * single file per subset and style covers every weight, so a site choosing
 * several weights ships fewer bytes and requests. Families Fontsource only
 * offers as static cuts (@fontsource/*) ship one file per weight.
 *
 * The weights and italics below mirror each package's metadata.json; a test
 * checks them against the installed packages so an upgrade cannot drift silently.
 */

/** Spec: "A font choice ... applies to the targets 'body' and 'heading'." */
export type FontTarget = "body" | "heading";

/** Spec: "weights (strings such as '400' or '400i'; a trailing i means italic)". */
export type FontChoice = {
  /** Checked at run time against the catalogue, since it comes from site config JSON. */
  family: string;
  weights: readonly string[];
};

export type FontWeight = 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
export type FontVariant = { weight: FontWeight; italic: boolean };
export type FontCategory = "sans" | "serif" | "display" | "mono";

export type FontFamilyInfo = {
  /** Fontsource id; also the prefix of every file name in the package. */
  id: string;
  package: string;
  /** True for @fontsource-variable packages: one file spans all weights. */
  variable: boolean;
  category: FontCategory;
  /** Local fonts shown until (or if never) the web font loads; roughly metric-similar. */
  fallback: string;
  weights: readonly FontWeight[];
  /** Whether italic cuts exist; when they do, they exist for every listed weight. */
  italic: boolean;
};

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'Georgia, Cambria, "Times New Roman", Times, serif';
const CONDENSED = '"Arial Narrow", "Helvetica Neue", Arial, sans-serif';
const IMPACT = 'Impact, "Arial Narrow Bold", "Arial Narrow", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export const FONT_CATALOGUE = {
  "Abril Fatface": {
    id: "abril-fatface",
    package: "@fontsource/abril-fatface",
    variable: false,
    category: "display",
    fallback: SERIF,
    weights: [400],
    italic: false,
  },
  Anton: {
    id: "anton",
    package: "@fontsource/anton",
    variable: false,
    category: "display",
    fallback: IMPACT,
    weights: [400],
    italic: false,
  },
  "Bebas Neue": {
    id: "bebas-neue",
    package: "@fontsource/bebas-neue",
    variable: false,
    category: "display",
    fallback: IMPACT,
    weights: [400],
    italic: false,
  },
  Bitter: {
    id: "bitter",
    package: "@fontsource-variable/bitter",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Cinzel: {
    id: "cinzel",
    package: "@fontsource-variable/cinzel",
    variable: true,
    category: "display",
    fallback: SERIF,
    weights: [400, 500, 600, 700, 800, 900],
    italic: false,
  },
  "Cormorant Garamond": {
    id: "cormorant-garamond",
    package: "@fontsource-variable/cormorant-garamond",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [300, 400, 500, 600, 700],
    italic: true,
  },
  "Crimson Pro": {
    id: "crimson-pro",
    package: "@fontsource-variable/crimson-pro",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "DM Sans": {
    id: "dm-sans",
    package: "@fontsource-variable/dm-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "EB Garamond": {
    id: "eb-garamond",
    package: "@fontsource-variable/eb-garamond",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [400, 500, 600, 700, 800],
    italic: true,
  },
  Figtree: {
    id: "figtree",
    package: "@fontsource-variable/figtree",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Fraunces: {
    id: "fraunces",
    package: "@fontsource-variable/fraunces",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "IBM Plex Sans": {
    id: "ibm-plex-sans",
    package: "@fontsource-variable/ibm-plex-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700],
    italic: true,
  },
  Inter: {
    id: "inter",
    package: "@fontsource-variable/inter",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Josefin Sans": {
    id: "josefin-sans",
    package: "@fontsource-variable/josefin-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700],
    italic: true,
  },
  Karla: {
    id: "karla",
    package: "@fontsource-variable/karla",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800],
    italic: true,
  },
  Lato: {
    id: "lato",
    package: "@fontsource/lato",
    variable: false,
    category: "sans",
    fallback: SANS,
    weights: [100, 300, 400, 700, 900],
    italic: true,
  },
  "Libre Baskerville": {
    id: "libre-baskerville",
    package: "@fontsource/libre-baskerville",
    variable: false,
    category: "serif",
    fallback: SERIF,
    weights: [400, 500, 600, 700],
    italic: true,
  },
  "Libre Franklin": {
    id: "libre-franklin",
    package: "@fontsource-variable/libre-franklin",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Lora: {
    id: "lora",
    package: "@fontsource-variable/lora",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [400, 500, 600, 700],
    italic: true,
  },
  Manrope: {
    id: "manrope",
    package: "@fontsource-variable/manrope",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800],
    italic: false,
  },
  Merriweather: {
    id: "merriweather",
    package: "@fontsource-variable/merriweather",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Montserrat: {
    id: "montserrat",
    package: "@fontsource-variable/montserrat",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Mulish: {
    id: "mulish",
    package: "@fontsource-variable/mulish",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Noto Sans": {
    id: "noto-sans",
    package: "@fontsource-variable/noto-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Noto Serif": {
    id: "noto-serif",
    package: "@fontsource-variable/noto-serif",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Nunito: {
    id: "nunito",
    package: "@fontsource-variable/nunito",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Nunito Sans": {
    id: "nunito-sans",
    package: "@fontsource-variable/nunito-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Open Sans": {
    id: "open-sans",
    package: "@fontsource-variable/open-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [300, 400, 500, 600, 700, 800],
    italic: true,
  },
  Oswald: {
    id: "oswald",
    package: "@fontsource-variable/oswald",
    variable: true,
    category: "display",
    fallback: CONDENSED,
    weights: [200, 300, 400, 500, 600, 700],
    italic: false,
  },
  Outfit: {
    id: "outfit",
    package: "@fontsource-variable/outfit",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: false,
  },
  "Playfair Display": {
    id: "playfair-display",
    package: "@fontsource-variable/playfair-display",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Poppins: {
    id: "poppins",
    package: "@fontsource/poppins",
    variable: false,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "PT Sans": {
    id: "pt-sans",
    package: "@fontsource/pt-sans",
    variable: false,
    category: "sans",
    fallback: SANS,
    weights: [400, 700],
    italic: true,
  },
  "PT Serif": {
    id: "pt-serif",
    package: "@fontsource/pt-serif",
    variable: false,
    category: "serif",
    fallback: SERIF,
    weights: [400, 700],
    italic: true,
  },
  Raleway: {
    id: "raleway",
    package: "@fontsource-variable/raleway",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  Roboto: {
    id: "roboto",
    package: "@fontsource-variable/roboto",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Roboto Condensed": {
    id: "roboto-condensed",
    package: "@fontsource-variable/roboto-condensed",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Roboto Mono": {
    id: "roboto-mono",
    package: "@fontsource-variable/roboto-mono",
    variable: true,
    category: "mono",
    fallback: MONO,
    weights: [100, 200, 300, 400, 500, 600, 700],
    italic: true,
  },
  "Roboto Slab": {
    id: "roboto-slab",
    package: "@fontsource-variable/roboto-slab",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: false,
  },
  Rubik: {
    id: "rubik",
    package: "@fontsource-variable/rubik",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Source Sans 3": {
    id: "source-sans-3",
    package: "@fontsource-variable/source-sans-3",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Source Serif 4": {
    id: "source-serif-4",
    package: "@fontsource-variable/source-serif-4",
    variable: true,
    category: "serif",
    fallback: SERIF,
    weights: [200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
  "Space Grotesk": {
    id: "space-grotesk",
    package: "@fontsource-variable/space-grotesk",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [300, 400, 500, 600, 700],
    italic: false,
  },
  "Work Sans": {
    id: "work-sans",
    package: "@fontsource-variable/work-sans",
    variable: true,
    category: "sans",
    fallback: SANS,
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    italic: true,
  },
} as const satisfies Record<string, FontFamilyInfo>;

export type FontFamilyName = keyof typeof FONT_CATALOGUE;

export const FONT_FAMILY_NAMES = Object.keys(FONT_CATALOGUE) as FontFamilyName[];

export function isFontFamilyName(name: string): name is FontFamilyName {
  return Object.prototype.hasOwnProperty.call(FONT_CATALOGUE, name);
}

/** The catalogue entry for `family`, or an Error listing what is available. */
export function getFontFamily(family: string): FontFamilyInfo {
  if (!isFontFamilyName(family)) {
    throw new Error(`Unknown font family "${family}": choose one of ${FONT_FAMILY_NAMES.join(", ")}`);
  }
  return FONT_CATALOGUE[family];
}

const WEIGHT_PATTERN = /^([1-9])00(i?)$/;

/** Parses `['400', '700i']` into variants, in order, without duplicates. */
export function parseFontWeights(weights: readonly string[]): FontVariant[] {
  const seen = new Set<string>();
  const variants: FontVariant[] = [];
  for (const raw of weights) {
    const match = typeof raw === "string" ? WEIGHT_PATTERN.exec(raw.trim()) : null;
    if (!match) {
      throw new Error(
        `Invalid font weight ${JSON.stringify(raw)}: expected "100" to "900" in steps of 100, ` +
          `with a trailing "i" for italic (e.g. "400", "700i")`,
      );
    }
    const key = `${match[1]}00${match[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    variants.push({ weight: (Number(match[1]) * 100) as FontWeight, italic: match[2] === "i" });
  }
  return variants;
}

export const formatFontVariant = ({ weight, italic }: FontVariant): string => `${weight}${italic ? "i" : ""}`;

/** Every weight string a family accepts, e.g. ["400", "400i", "700", "700i"]. */
export function allowedWeights(info: FontFamilyInfo): string[] {
  return info.weights.flatMap((w) => (info.italic ? [`${w}`, `${w}i`] : [`${w}`]));
}

/**
 * Validates a choice against the catalogue. Errors name the family and the
 * weights it does have, so a config author can fix the file without looking here.
 */
export function resolveFontChoice(choice: FontChoice): {
  family: FontFamilyName;
  info: FontFamilyInfo;
  variants: FontVariant[];
} {
  const info = getFontFamily(choice.family);
  const variants = parseFontWeights(choice.weights);
  if (variants.length === 0) {
    throw new Error(`Font "${choice.family}" has no weights: choose from ${allowedWeights(info).join(", ")}`);
  }
  const unavailable = variants.filter((v) => !info.weights.includes(v.weight) || (v.italic && !info.italic));
  if (unavailable.length > 0) {
    throw new Error(
      `Font "${choice.family}" has no weight ${unavailable.map(formatFontVariant).join(", ")}: ` +
        `allowed weights are ${allowedWeights(info).join(", ")}`,
    );
  }
  return { family: choice.family as FontFamilyName, info, variants };
}

/**
 * Where the build puts every catalogue family for the live editor preview (font-assets.ts
 * planPreviewFonts), one stylesheet per family; only written when the deploy names editor origins.
 */
export const PREVIEW_FONTS_PATH = "/fonts/preview";

export function previewFontCssPath(family: FontFamilyName): string {
  return `${PREVIEW_FONTS_PATH}/${FONT_CATALOGUE[family].id}.css`;
}

/** CSS font-family value: the web font, then its fallbacks. Always quoted, since names like "Source Sans 3" are not valid bare identifiers. */
export function fontStack(family: string): string {
  const info = getFontFamily(family);
  return `"${family}", ${info.fallback}`;
}

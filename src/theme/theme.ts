/** Assembles the object handed to styled-components' ThemeProvider. Pure. */
import { type FontChoice, type FontFamilyName, fontStack, resolveFontChoice } from "./fonts";
import {
  BREAKPOINTS,
  DEFAULT_ROUNDNESS,
  DURATIONS,
  MEDIA,
  MEDIA_QUERIES,
  type Roundness,
  SPINNER,
  radiusPx,
} from "./scales";
import { type ColourTokens, type Palette, type ThemeSurfaceSettings, deriveColourTokens } from "./tokens";

export type FontWeights = { body: number; heading: number; bold: number };

export type ThemeInput = {
  palette: Palette;
  surfaces?: ThemeSurfaceSettings;
  fonts: { body: FontChoice; heading: FontChoice };
  fontWeights: FontWeights;
  roundness?: { buttons?: Roundness; content?: Roundness };
};

export type SiteTheme = {
  colours: ColourTokens;
  /** CSS font-family values (web font first, then fallbacks). */
  fonts: { body: string; heading: string };
  /** The catalogue names, for code that needs the family rather than the stack. */
  fontFamilies: { body: FontFamilyName; heading: FontFamilyName };
  fontWeights: FontWeights;
  roundness: { content: Roundness; buttons: Roundness };
  /** CSS lengths, e.g. "8px". */
  radii: { content: string; buttons: string };
  breakpoints: typeof BREAKPOINTS;
  /** "@media (min-width: …)" at-rules for styled-components. */
  media: typeof MEDIA;
  /** Bare "(min-width: …)" queries for matchMedia. */
  mediaQueries: typeof MEDIA_QUERIES;
  /** Milliseconds. */
  durations: typeof DURATIONS;
  spinner: typeof SPINNER;
};

function checkWeight(name: keyof FontWeights, value: number): number {
  if (!Number.isInteger(value) || value < 100 || value > 900 || value % 100 !== 0) {
    throw new Error(`Invalid font weight ${name}=${String(value)}: expected 100 to 900 in steps of 100`);
  }
  return value;
}

export function buildTheme(input: ThemeInput): SiteTheme {
  // Resolving fails loudly on an unknown family or weight, at theme-build time
  // rather than as a silently missing font in the browser.
  const body = resolveFontChoice(input.fonts.body);
  const heading = resolveFontChoice(input.fonts.heading);
  const roundness = {
    content: input.roundness?.content ?? DEFAULT_ROUNDNESS.content,
    buttons: input.roundness?.buttons ?? DEFAULT_ROUNDNESS.buttons,
  };
  return {
    colours: deriveColourTokens(input.palette, input.surfaces),
    fonts: { body: fontStack(body.family), heading: fontStack(heading.family) },
    fontFamilies: { body: body.family, heading: heading.family },
    fontWeights: {
      body: checkWeight("body", input.fontWeights.body),
      heading: checkWeight("heading", input.fontWeights.heading),
      bold: checkWeight("bold", input.fontWeights.bold),
    },
    roundness,
    radii: {
      content: `${radiusPx("content", roundness.content)}px`,
      buttons: `${radiusPx("buttons", roundness.buttons)}px`,
    },
    breakpoints: BREAKPOINTS,
    media: MEDIA,
    mediaQueries: MEDIA_QUERIES,
    durations: DURATIONS,
    spinner: SPINNER,
  };
}

declare module "../runtime/site-runtime" {
  interface SiteRuntime {
    /**
     * The styled-components theme, derived at build: the font catalogue and the colour maths
     * (polished) then stay out of the browser's first load (JS budget).
     */
    siteTheme: SiteTheme;
  }
}

import { BASE_COLOURS } from "./colour";
import { BREAKPOINTS, DURATIONS, MEDIA, SPINNER } from "./scales";
import { type ThemeInput, buildTheme } from "./theme";
import { deriveColourTokens } from "./tokens";

const FRENCH_SITE: ThemeInput = {
  palette: {
    primary: "#8e1b3a",
    accent: "#d4a017",
    highlight: "#1d4e89",
    muted: "#6b6b6b",
    background: "#fffaf2",
    footerBackground: "#1b1b1b",
    headerBackground: "#fff",
  },
  fonts: {
    body: { family: "Inter", weights: ["400", "700"] },
    heading: { family: "Playfair Display", weights: ["700"] },
  },
  fontWeights: { body: 400, heading: 700, bold: 700 },
};

const US_SITE: ThemeInput = {
  palette: {
    primary: "#ff5a1f",
    accent: "#00b3a4",
    highlight: "#ffd23f",
    muted: "#9aa0a6",
    background: "#111318",
    footerBackground: "#000",
    headerBackground: "#1b1e25",
  },
  surfaces: {
    background: { paletteColor: "background", tintShade: 0 },
    headerBackground: { paletteColor: "primary", tintShade: -20 },
    footerBackground: { paletteColor: "footerBackground", tintShade: 0 },
    combination: { name: "manual", swap: true },
  },
  fonts: {
    body: { family: "Source Sans 3", weights: ["400", "400i", "700"] },
    heading: { family: "Oswald", weights: ["500"] },
  },
  fontWeights: { body: 400, heading: 500, bold: 700 },
  roundness: { buttons: "MEDIUM", content: "NONE" },
};

describe("buildTheme: the object handed to styled-components' ThemeProvider", () => {
  it.each([
    ["French site body font stack", FRENCH_SITE, "body", /^"Inter", system-ui,/],
    ["French site heading font stack", FRENCH_SITE, "heading", /^"Playfair Display", Georgia,/],
    ["US site body font stack", US_SITE, "body", /^"Source Sans 3", system-ui,/],
    ["US site heading font stack", US_SITE, "heading", /^"Oswald", "Arial Narrow",/],
  ] as const)("%s", (_rule, input, target, expected) => {
    expect(buildTheme(input).fonts[target]).toMatch(expected);
  });

  it("colours are the derived tokens, including surface settings", () => {
    expect(buildTheme(FRENCH_SITE).colours).toEqual(deriveColourTokens(FRENCH_SITE.palette));
    expect(buildTheme(US_SITE).colours).toEqual(deriveColourTokens(US_SITE.palette, US_SITE.surfaces));
    // swap: the header gets the footer's black, the footer the shaded orange.
    expect(buildTheme(US_SITE).colours.headerBackground).toBe("#000000");
  });

  it.each([
    ["French site on a light background: base dark text", FRENCH_SITE, BASE_COLOURS.dark],
    ["US site on a dark background: base light text", US_SITE, BASE_COLOURS.light],
  ])("%s", (_rule, input, text) => {
    expect(buildTheme(input).colours.text).toBe(text);
  });

  it.each([
    [
      "Spec: 'Content defaults to MEDIUM and buttons to HIGH.'",
      FRENCH_SITE,
      { content: "MEDIUM", buttons: "HIGH" },
      { content: "8px", buttons: "9999px" },
    ],
    ["explicit roundness wins", US_SITE, { content: "NONE", buttons: "MEDIUM" }, { content: "0px", buttons: "6px" }],
    [
      "one target given, the other defaults",
      { ...FRENCH_SITE, roundness: { content: "HIGH" } } as ThemeInput,
      { content: "HIGH", buttons: "HIGH" },
      { content: "16px", buttons: "9999px" },
    ],
  ])("roundness: %s", (_rule, input, roundness, radii) => {
    const theme = buildTheme(input);
    expect(theme.roundness).toEqual(roundness);
    expect(theme.radii).toEqual(radii);
  });

  it("carries the fixed scales and weights", () => {
    const theme = buildTheme(FRENCH_SITE);
    expect(theme.breakpoints).toEqual(BREAKPOINTS);
    expect(theme.media).toEqual(MEDIA);
    expect(theme.durations).toEqual(DURATIONS);
    expect(theme.spinner).toEqual(SPINNER);
    expect(theme.fontWeights).toEqual({ body: 400, heading: 700, bold: 700 });
    expect(theme.fontFamilies).toEqual({ body: "Inter", heading: "Playfair Display" });
  });

  it.each([
    [
      "an unknown font family",
      { ...FRENCH_SITE, fonts: { ...FRENCH_SITE.fonts, body: { family: "Helvetica", weights: ["400"] } } },
      /Unknown font family "Helvetica"/,
    ],
    [
      "a weight the heading font lacks",
      { ...FRENCH_SITE, fonts: { ...FRENCH_SITE.fonts, heading: { family: "Playfair Display", weights: ["200"] } } },
      /Font "Playfair Display" has no weight 200: allowed weights are 400/,
    ],
    [
      "a font weight out of range",
      { ...FRENCH_SITE, fontWeights: { body: 400, heading: 1000, bold: 700 } },
      /Invalid font weight heading=1000/,
    ],
    [
      "a font weight not in steps of 100",
      { ...FRENCH_SITE, fontWeights: { body: 450, heading: 700, bold: 700 } },
      /Invalid font weight body=450/,
    ],
    [
      "an invalid palette colour",
      { ...FRENCH_SITE, palette: { ...FRENCH_SITE.palette, muted: "#12345" } },
      /Palette colour "muted": Invalid colour "#12345"/,
    ],
  ] as [string, ThemeInput, RegExp][])("throws a clear error for %s", (_rule, input, message) => {
    expect(() => buildTheme(input)).toThrow(message);
  });
});

import fc from "fast-check";
import { loadSiteConfig } from "../config/load";
import type { SiteThemeConfig } from "../config/theme";
import { CONTRAST_RATIOS, contrastRatio } from "../theme/colour";
import { PALETTE_KEYS, type Palette } from "../theme/tokens";
import { buildTheme } from "../theme/theme";
import { applyEditorMessage, initialPreviewState, previewOverrides, weightFor, type PreviewState } from "./apply";
import { parseEditorMessage, type EditorMessage } from "./messages";

let theme: SiteThemeConfig;
let start: PreviewState;
beforeAll(async () => {
  theme = (await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" })).theme;
  start = initialPreviewState(theme);
});

const message = (data: unknown): EditorMessage => {
  const parsed = parseEditorMessage(data);
  if (!parsed) throw new Error(`test message does not parse: ${JSON.stringify(data)}`);
  return parsed;
};

describe("the preview starts from the built theme", () => {
  it("renders exactly what the build derived until a message arrives", () => {
    const { colors, settings, fonts, fontWeights, roundness } = theme;
    expect(previewOverrides(start)).toEqual({
      siteTheme: buildTheme({ palette: colors.palette, surfaces: settings, fonts, fontWeights, roundness }),
      layout: theme.layout,
    });
  });
});

describe("applyEditorMessage", () => {
  it("colorScheme replaces the palette and keeps the site's surface settings", () => {
    const colorScheme = { ...theme.colors.palette, primary: "#004488", background: "#101010" };
    const next = applyEditorMessage(start, message({ type: "colorScheme", payload: { colorScheme } }));
    expect(next.input.palette).toEqual(colorScheme);
    expect(next.input.surfaces).toBe(start.input.surfaces);
    const { colours } = previewOverrides(next).siteTheme;
    expect(colours.primary).toBe("#004488");
    expect(colours.background).toBe("#101010");
    // A dark background now: the text token turns light.
    expect(contrastRatio(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
  });

  it("font changes one target's family, stack and weights; the other target is untouched", () => {
    const next = applyEditorMessage(
      start,
      message({ type: "font", payload: { font: { target: "body", family: "Lora", weights: ["400", "700"] } } }),
    );
    const { siteTheme } = previewOverrides(next);
    expect(siteTheme.fontFamilies).toEqual({ body: "Lora", heading: "Playfair Display" });
    expect(siteTheme.fonts.body).toMatch(/^"Lora", /);
    expect(siteTheme.fontWeights.body).toBe(400);
  });

  it("a family chosen without the target's weight gets the nearest weight chosen", () => {
    const next = applyEditorMessage(
      start,
      message({ type: "font", payload: { font: { target: "heading", family: "Oswald", weights: ["300", "500"] } } }),
    );
    // Lumière's headings are 700: 500 is the nearest weight the operator picked.
    expect(previewOverrides(next).siteTheme.fontWeights).toEqual({ body: 400, heading: 500, bold: 700 });
  });

  it.each<[EditorMessage["type"], unknown, Partial<PreviewState["layout"]>]>([
    ["headerLayout", { headerLayout: "centered" }, { headerLayout: "centered" }],
    ["footerLayout", { footerLayout: "compact" }, { footerLayout: "compact" }],
    ["logoSize", { logoSize: "small" }, { logoSize: "small" }],
    ["hasSearch", { hasSearch: false }, { hasSearch: false }],
    ["footerMobileLinks", { footerMobileLinks: false }, { footerMobileLinks: false }],
  ])("%s switches the layout and leaves the theme alone", (type, payload, change) => {
    const next = applyEditorMessage(start, message({ type, payload }));
    expect(next.layout).toEqual({ ...start.layout, ...change });
    expect(next.input).toBe(start.input);
  });

  it("never changes the state it is given", () => {
    const before = structuredClone(start);
    applyEditorMessage(start, message({ type: "hasSearch", payload: { hasSearch: false } }));
    applyEditorMessage(
      start,
      message({ type: "colorScheme", payload: { colorScheme: { ...theme.colors.palette, primary: "#000000" } } }),
    );
    expect(start).toEqual(before);
  });

  it("keeps earlier changes when later ones arrive", () => {
    const messages = [
      { type: "headerLayout", payload: { headerLayout: "centered" } },
      { type: "font", payload: { font: { target: "heading", family: "Bebas Neue", weights: ["400"] } } },
      { type: "logoSize", payload: { logoSize: "large" } },
    ].map(message);
    const end = messages.reduce(applyEditorMessage, start);
    expect(end.layout).toMatchObject({ headerLayout: "centered", logoSize: "large" });
    expect(previewOverrides(end).siteTheme.fontFamilies.heading).toBe("Bebas Neue");
  });
});

describe("theme re-derivation from a posted colour scheme keeps AA for text tokens (spec §9)", () => {
  const hex = fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map(([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("")}`);
  const colourScheme = fc.record(
    Object.fromEntries(PALETTE_KEYS.map((key) => [key, hex])) as Record<keyof Palette, typeof hex>,
  );
  const AA = CONTRAST_RATIOS.AA.small;

  it("for any palette the editor posts", () => {
    fc.assert(
      fc.property(colourScheme, (colorScheme) => {
        const posted = message({ type: "colorScheme", payload: { colorScheme } });
        const { colours } = previewOverrides(applyEditorMessage(start, posted)).siteTheme;
        const content = [colours.background, colours.backgroundWithOffset, colours.pageBackground];
        for (const surface of content) {
          expect(contrastRatio(colours.text, surface)).toBeGreaterThanOrEqual(AA);
          expect(contrastRatio(colours.textAlt, surface)).toBeGreaterThanOrEqual(AA);
          for (const key of PALETTE_KEYS) {
            const name = `readable${key.charAt(0).toUpperCase()}${key.slice(1)}` as keyof typeof colours;
            expect(contrastRatio(colours[name], surface)).toBeGreaterThanOrEqual(AA);
          }
        }
        // Text on the header, the footer, buttons (primary) and every other palette colour.
        for (const key of PALETTE_KEYS) {
          const on = `readableOn${key.charAt(0).toUpperCase()}${key.slice(1)}` as keyof typeof colours;
          expect(contrastRatio(colours[on], colours[key])).toBeGreaterThanOrEqual(AA);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("weightFor", () => {
  it.each<[number, string[], number]>([
    [700, ["400", "700"], 700],
    [700, ["400"], 400],
    [400, ["300", "500"], 300],
    [700, ["300", "500"], 500],
    [400, ["400i", "700"], 700],
    [400, ["700i"], 700],
    [900, ["100", "900i", "800"], 800],
  ])("%s with %j → %s", (current, weights, expected) => {
    expect(weightFor(current, weights)).toBe(expected);
  });
});

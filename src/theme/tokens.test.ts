import fc from "fast-check";
import { BASE_COLOURS, contrastRatio, deltaE2000, shadeBy, tintBy } from "./colour";
import {
  type ColourTokens,
  PALETTE_KEYS,
  type Palette,
  type PaletteKey,
  type SurfaceSetting,
  type ThemeSurfaceSettings,
  backgroundOffsets,
  deriveColourTokens,
  resolveSurfaces,
} from "./tokens";

const LIGHT_PALETTE: Palette = {
  primary: "#c8102e",
  accent: "#ffcc00",
  highlight: "#0077c8",
  muted: "#8a8a8a",
  background: "#ffffff",
  footerBackground: "#212020",
  headerBackground: "#f7f7f7",
};

const DARK_PALETTE: Palette = {
  primary: "#e50914",
  accent: "#f5c518",
  highlight: "#3d5afe",
  muted: "#5c5c5c",
  background: "#141414",
  footerBackground: "#000000",
  headerBackground: "#1f1f1f",
};

const cap = (k: string): string => k.charAt(0).toUpperCase() + k.slice(1);
const token = (t: ColourTokens, name: string): string => (t as unknown as Record<string, string>)[name]!;
const contentSurfaces = (t: ColourTokens): string[] => [t.background, t.backgroundWithOffset, t.pageBackground];

describe("Spec: 'Derived theme colour tokens: text, textAlt; readableX, readableOnX and visibleX variants; backgroundWithOffset.'", () => {
  const tokens = deriveColourTokens(LIGHT_PALETTE);

  it.each(["text", "textAlt", "background", "pageBackground", "backgroundWithOffset"])("has %s", (name) => {
    expect(token(tokens, name)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(PALETTE_KEYS.flatMap((k) => [k, `readable${cap(k)}`, `readableOn${cap(k)}`, `visible${cap(k)}`]))(
    "has %s as #rrggbb",
    (name) => {
      expect(token(tokens, name)).toMatch(/^#[0-9a-f]{6}$/);
    },
  );

  it("has no other keys, so the type and the object cannot drift apart", () => {
    expect(Object.keys(tokens)).toHaveLength(4 + PALETTE_KEYS.length * 4 + 5);
  });

  it.each<[string, keyof ColourTokens, string]>([
    ["primary is kept as given", "primary", "#c8102e"],
    ["text on white is base dark", "text", BASE_COLOURS.dark],
    ["textAlt on white is base darkAlt", "textAlt", BASE_COLOURS.darkAlt],
    ["readableOnFooterBackground on #212020 is base light", "readableOnFooterBackground", BASE_COLOURS.light],
    ["readableOnAccent (yellow) is base dark", "readableOnAccent", BASE_COLOURS.dark],
    ["readablePrimary keeps the red (5.9:1 on white)", "readablePrimary", "#c8102e"],
    ["backgroundWithOffset: white shaded 5%", "backgroundWithOffset", "#f2f2f2"],
    ["pageBackground: white shaded 6%", "pageBackground", "#efefef"],
  ])("light palette: %s", (_rule, name, expected) => {
    expect(tokens[name]).toBe(expected);
  });

  it("readableAccent (yellow on white, 1.6:1) is darkened until it reaches 4.5", () => {
    expect(tokens.readableAccent).not.toBe("#ffcc00");
    for (const s of contentSurfaces(tokens))
      expect(contrastRatio(tokens.readableAccent, s)).toBeGreaterThanOrEqual(4.5);
  });

  it.each<[string, keyof ColourTokens, string]>([
    ["text on #141414 is base light", "text", BASE_COLOURS.light],
    ["textAlt on #141414 is base lightAlt", "textAlt", BASE_COLOURS.lightAlt],
    ["backgroundWithOffset: dark background tinted 5%", "backgroundWithOffset", tintBy(0.05, "#141414")],
    ["pageBackground: dark background tinted 6%", "pageBackground", tintBy(0.06, "#141414")],
    ["readableAccent keeps the yellow on a dark background", "readableAccent", "#f5c518"],
  ])("dark palette: %s", (_rule, name, expected) => {
    expect(deriveColourTokens(DARK_PALETTE)[name]).toBe(expected);
  });

  it("mid-grey background where neither base colour passes: text falls back to black", () => {
    const t = deriveColourTokens({ ...LIGHT_PALETTE, background: "#808080" });
    expect(t.text).toBe("#000000");
    expect(t.readableOnBackground).toBe("#000000");
  });

  it("3-digit hex palette entries are accepted and normalised", () => {
    const t = deriveColourTokens({ ...LIGHT_PALETTE, background: "#fff", primary: "#C00" });
    expect(t.background).toBe("#ffffff");
    expect(t.primary).toBe("#cc0000");
  });

  it("an invalid palette colour names the palette key", () => {
    expect(() => deriveColourTokens({ ...LIGHT_PALETTE, accent: "yellowish" })).toThrow(
      /Palette colour "accent": Invalid colour "yellowish"/,
    );
  });

  it("visibleBackground (e.g. card borders) is distinguishable from the background", () => {
    expect(deltaE2000(tokens.visibleBackground, tokens.background)).toBeGreaterThanOrEqual(5.9);
  });
});

const surface = (paletteColor: PaletteKey, tintShade: number): SurfaceSetting => ({ paletteColor, tintShade });

describe("Spec: 'theme settings: background, footerBackground, headerBackground, each with tintShade (number) and paletteColor; combination with name and swap'", () => {
  const plain: ThemeSurfaceSettings = {
    background: surface("background", 0),
    headerBackground: surface("headerBackground", 0),
    footerBackground: surface("footerBackground", 0),
    combination: { name: "manual", swap: false },
  };

  it.each<[string, ThemeSurfaceSettings | undefined, Record<string, string>]>([
    [
      "no settings: surfaces are the palette's own",
      undefined,
      { background: "#ffffff", headerBackground: "#f7f7f7", footerBackground: "#212020" },
    ],
    [
      "tintShade 0 with the matching palette colours changes nothing",
      plain,
      { background: "#ffffff", headerBackground: "#f7f7f7", footerBackground: "#212020" },
    ],
    [
      "paletteColor picks another palette colour",
      { ...plain, headerBackground: surface("primary", 0) },
      { background: "#ffffff", headerBackground: "#c8102e", footerBackground: "#212020" },
    ],
    [
      "positive tintShade tints by that percent",
      { ...plain, footerBackground: surface("primary", 40) },
      { background: "#ffffff", headerBackground: "#f7f7f7", footerBackground: tintBy(0.4, "#c8102e") },
    ],
    [
      "negative tintShade shades by that percent",
      { ...plain, headerBackground: surface("primary", -30) },
      { background: "#ffffff", headerBackground: shadeBy(0.3, "#c8102e"), footerBackground: "#212020" },
    ],
    [
      "tintShade 100 is white, -100 black",
      { ...plain, headerBackground: surface("primary", 100), footerBackground: surface("primary", -100) },
      { background: "#ffffff", headerBackground: "#ffffff", footerBackground: "#000000" },
    ],
    [
      "combination.swap swaps header and footer backgrounds",
      { ...plain, combination: { name: "manual", swap: true } },
      { background: "#ffffff", headerBackground: "#212020", footerBackground: "#f7f7f7" },
    ],
    [
      "swap applies after tint/shade",
      { ...plain, headerBackground: surface("primary", -30), combination: { name: "inverted", swap: true } },
      { background: "#ffffff", headerBackground: "#212020", footerBackground: shadeBy(0.3, "#c8102e") },
    ],
    [
      "settings without a combination do not swap",
      {
        background: surface("background", -10),
        headerBackground: surface("headerBackground", 0),
        footerBackground: surface("footerBackground", 0),
      },
      { background: shadeBy(0.1, "#ffffff"), headerBackground: "#f7f7f7", footerBackground: "#212020" },
    ],
  ])("%s", (_rule, settings, expected) => {
    expect(resolveSurfaces(LIGHT_PALETTE, settings)).toEqual(expected);
    const tokens = deriveColourTokens(LIGHT_PALETTE, settings);
    expect({
      background: tokens.background,
      headerBackground: tokens.headerBackground,
      footerBackground: tokens.footerBackground,
    }).toEqual(expected);
  });

  it("readableOn tokens follow the swapped surfaces", () => {
    const swapped = deriveColourTokens(LIGHT_PALETTE, { ...plain, combination: { name: "manual", swap: true } });
    expect(swapped.readableOnHeaderBackground).toBe(BASE_COLOURS.light);
    expect(swapped.readableOnFooterBackground).toBe(BASE_COLOURS.dark);
  });

  it.each<[string, ThemeSurfaceSettings, RegExp]>([
    ["tintShade above 100", { ...plain, background: surface("background", 120) }, /background\.tintShade 120/],
    ["tintShade not a number", { ...plain, background: surface("background", Number.NaN) }, /tintShade NaN/],
    [
      "paletteColor not in the palette",
      { ...plain, footerBackground: surface("brand7" as PaletteKey, 0) },
      /footerBackground\.paletteColor "brand7": expected one of primary/,
    ],
  ])("invalid settings → clear error: %s", (_rule, settings, message) => {
    expect(() => deriveColourTokens(LIGHT_PALETTE, settings)).toThrow(message);
  });
});

describe("Property: every readable/readableOn token reaches 4.5:1 against the surface it is meant for", () => {
  const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);
  const palette: fc.Arbitrary<Palette> = fc.record({
    primary: hex,
    accent: hex,
    highlight: hex,
    muted: hex,
    background: hex,
    footerBackground: hex,
    headerBackground: hex,
  });
  const setting = fc.record({
    paletteColor: fc.constantFrom(...PALETTE_KEYS),
    tintShade: fc.integer({ min: -100, max: 100 }),
  });
  const settings: fc.Arbitrary<ThemeSurfaceSettings | undefined> = fc.option(
    fc.record({
      background: setting,
      headerBackground: setting,
      footerBackground: setting,
      combination: fc.record({ name: fc.constantFrom("manual", "preset"), swap: fc.boolean() }),
    }),
    { nil: undefined },
  );

  it("holds for random palettes and settings", () => {
    fc.assert(
      fc.property(palette, settings, (p, s) => {
        const t = deriveColourTokens(p, s);
        const content = contentSurfaces(t);
        const onAll = (colour: string, surfaces: string[]): boolean =>
          surfaces.every((bg) => contrastRatio(colour, bg) >= 4.5);
        // Text-like tokens are read on the content surfaces.
        const textTokens = [
          t.text,
          t.textAlt,
          t.link,
          t.error,
          t.focusRing,
          t.focusRingOnPrimary,
          ...PALETTE_KEYS.map((k) => token(t, `readable${cap(k)}`)),
        ];
        if (!textTokens.every((c) => onAll(c, content))) return false;
        // readableOnX is read on X itself (and readableOnBackground on all content surfaces).
        if (!onAll(t.readableOnBackground, content)) return false;
        return PALETTE_KEYS.every((k) => onAll(token(t, `readableOn${cap(k)}`), [token(t, k)]));
      }),
      { numRuns: 300 },
    );
  });

  it("visible tokens reach ΔE 5.9 against the content surfaces", () => {
    fc.assert(
      fc.property(palette, (p) => {
        const t = deriveColourTokens(p);
        return PALETTE_KEYS.every((k) =>
          contentSurfaces(t).every((bg) => deltaE2000(token(t, `visible${cap(k)}`), bg) >= 5.9),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe("Spec: 'Background offsets' — direction, and the mid-tone exception that keeps text readable", () => {
  it.each([
    ["light background: shaded (5% / 6%)", "#ffffff", shadeBy(0.05, "#ffffff"), shadeBy(0.06, "#ffffff")],
    ["dark background: tinted (5% / 6%)", "#141414", tintBy(0.05, "#141414"), tintBy(0.06, "#141414")],
    ["light brand colour: shaded", "#ffe4b5", shadeBy(0.05, "#ffe4b5"), shadeBy(0.06, "#ffe4b5")],
    ["dark brand colour: tinted", "#1a237e", tintBy(0.05, "#1a237e"), tintBy(0.06, "#1a237e")],
    // Dark (luminance 0.160), but tinting 6% reaches 0.1835 where white text drops to 4.497:1: shaded instead.
    [
      "mid-tone just on the dark side: reversed to shaded",
      "#267d66",
      shadeBy(0.05, "#267d66"),
      shadeBy(0.06, "#267d66"),
    ],
    // Light (luminance 0.19), but shading lands below 0.175 where black text drops under 4.5: tinted instead.
    [
      "mid-tone just on the light side: reversed to tinted",
      "#7a7a7a",
      tintBy(0.05, "#7a7a7a"),
      tintBy(0.06, "#7a7a7a"),
    ],
  ])("%s", (_rule, background, withOffset, page) => {
    expect(backgroundOffsets(background)).toEqual({ backgroundWithOffset: withOffset, pageBackground: page });
  });

  it("every background of a 17-level RGB grid and every grey leaves a readable text colour on all content surfaces", () => {
    const levels = Array.from({ length: 17 }, (_, i) => Math.min(255, i * 16));
    const hex2 = (n: number) => n.toString(16).padStart(2, "0");
    const backgrounds = [
      ...levels.flatMap((r) => levels.flatMap((g) => levels.map((b) => `#${hex2(r)}${hex2(g)}${hex2(b)}`))),
      ...Array.from({ length: 256 }, (_, v) => `#${hex2(v).repeat(3)}`),
    ];
    const failures = backgrounds.filter((bg) => {
      const { backgroundWithOffset, pageBackground } = backgroundOffsets(bg);
      const surfaces = [bg, backgroundWithOffset, pageBackground];
      return !["#000000", "#ffffff"].some((c) => surfaces.every((s) => contrastRatio(c, s) >= 4.5));
    });
    expect(failures).toEqual([]);
  });
});

import fc from "fast-check";
import {
  BASE_COLOURS,
  BLACK,
  WHITE,
  type ContrastLevel,
  type Lab,
  type TextSize,
  ciede2000,
  contrastRatio,
  deltaE2000,
  isLight,
  parseColour,
  readableColourOn,
  readableOn,
  relativeLuminance,
  toHex,
  toLab,
  visibleOn,
} from "./colour";
import { itReturnsPerCase } from "../test/tables";

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);

describe("parsing and normalising colours", () => {
  itReturnsPerCase(
    toHex,
    [
      ["6-digit hex is lower-cased", "#F7F7F7", "#f7f7f7"],
      ["3-digit hex is expanded", "#abc", "#aabbcc"],
      ["3-digit upper-case hex", "#FFF", "#ffffff"],
      ["surrounding whitespace is ignored", "  #212020 ", "#212020"],
      ["rgb() notation", "rgb(33, 32, 32)", "#212020"],
      ["CSS colour names", "white", "#ffffff"],
    ],
    "%s: %s → %s",
  );

  it.each([
    ["not a colour", "banana", /Invalid colour "banana"/],
    ["hex with 2 digits", "#12", /Invalid colour "#12"/],
    ["hex with non-hex digits", "#gggggg", /Invalid colour "#gggggg"/],
    ["empty string", "", /Invalid colour ""/],
    ["translucent colour (contrast would depend on what is underneath)", "rgba(0, 0, 0, 0.5)", /translucent/],
  ])("invalid colour → clear error: %s", (_rule, input, message) => {
    expect(() => parseColour(input)).toThrow(message);
    expect(() => contrastRatio(input, "#fff")).toThrow(message);
  });

  it("rejects a non-string with a clear error (config values can be undefined at run time)", () => {
    expect(() => toHex(undefined as unknown as string)).toThrow(/Invalid colour undefined/);
  });
});

describe("Spec: 'A readable colour must reach contrast level AA: 4.5 for small text, 3 for large text (7 for AAA small text).'", () => {
  it.each([
    ["black on white is the maximum, 21:1", BLACK, WHITE, 21],
    ["a colour on itself is 1:1", "#777777", "#777777", 1],
    ["order does not matter", WHITE, BLACK, 21],
    ["3-digit hex is the same colour as 6-digit", "#000", "#fff", 21],
    ["#767676 is the lightest grey passing AA on white", "#767676", WHITE, 4.54],
    ["#777777 fails AA on white, narrowly", "#777777", WHITE, 4.48],
    ["base dark on base light", BASE_COLOURS.dark, BASE_COLOURS.light, 15.17],
  ])("contrastRatio: %s", (_rule, a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });

  it("is unrounded, so 4.48 never passes as 4.5", () => {
    expect(contrastRatio("#777777", WHITE)).toBeLessThan(4.5);
    expect(contrastRatio("#767676", WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each<[string, string, ContrastLevel, TextSize, string]>([
    ["on white, base dark is used first", WHITE, "AA", "small", BASE_COLOURS.dark],
    ["on black, base light is used first", BLACK, "AA", "small", BASE_COLOURS.light],
    ["3-digit hex background", "#fff", "AA", "small", BASE_COLOURS.dark],
    ["on a dark brand red, base light", "#8b0000", "AA", "small", BASE_COLOURS.light],
    ["on a pale yellow, base dark", "#fff3b0", "AA", "small", BASE_COLOURS.dark],
    // Mid-grey: #212020 reaches only 3.59:1 and #F7F7F7 4.18:1 on #777777, so "It falls back to black or white."
    ["mid-grey #777777 where neither base colour reaches 4.5 → black", "#777777", "AA", "small", BLACK],
    [
      "mid-grey #757575 (just on the dark side) where neither base colour reaches 4.5 → white",
      "#757575",
      "AA",
      "small",
      WHITE,
    ],
    ["large text needs only 3:1, so base dark is fine on #777777", "#777777", "AA", "large", BASE_COLOURS.dark],
    ["AAA small needs 7:1: base dark on white still passes", WHITE, "AAA", "small", BASE_COLOURS.dark],
    [
      "AAA small on #777777 is impossible; best achievable (black, 4.69:1) is returned",
      "#777777",
      "AAA",
      "small",
      BLACK,
    ],
  ])("readableOn: %s", (_rule, background, level, size, expected) => {
    expect(readableOn(background, undefined, level, size)).toBe(expected);
  });

  it("readableOn tries a preferred pair before black/white", () => {
    expect(readableOn(WHITE, { dark: "#003366", light: "#eeeeee" })).toBe("#003366");
    expect(readableOn(BLACK, { dark: "#003366", light: "#eeeeee" })).toBe("#eeeeee");
    // Neither of these reaches 4.5 on #808080.
    expect(readableOn("#808080", { dark: "#555555", light: "#aaaaaa" })).toBe(BLACK);
  });

  it("readableOn with several backgrounds satisfies all of them", () => {
    const surfaces = ["#ffffff", "#f2f2f2", "#e0e0e0"];
    const colour = readableOn(surfaces);
    for (const s of surfaces) expect(contrastRatio(colour, s)).toBeGreaterThanOrEqual(4.5);
  });

  it("readableOn always reaches AA small (4.5) on any colour, by property", () => {
    fc.assert(
      fc.property(hexColour, (bg) => contrastRatio(readableOn(bg), bg) >= 4.5),
      { numRuns: 500 },
    );
  });

  it("readableOn reaches AA large (3) and returns the best possible for AAA", () => {
    fc.assert(
      fc.property(hexColour, (bg) => {
        const aaa = readableOn(bg, undefined, "AAA", "small");
        const best = Math.max(contrastRatio(BLACK, bg), contrastRatio(WHITE, bg));
        return (
          contrastRatio(readableOn(bg, undefined, "AA", "large"), bg) >= 3 &&
          (contrastRatio(aaa, bg) >= 7 || contrastRatio(aaa, bg) === best)
        );
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ["keeps a colour that already reaches AA (dark blue on white)", "#0033aa", WHITE, "#0033aa"],
    ["keeps a colour that already reaches AA (yellow on black)", "#ffcc00", BLACK, "#ffcc00"],
    ["keeps 3-digit hex colours, normalised", "#03a", WHITE, "#0033aa"],
  ])("readableColourOn %s", (_rule, colour, background, expected) => {
    expect(readableColourOn(colour, background)).toBe(expected);
  });

  it.each([
    ["yellow on white is darkened", "#ffcc00", WHITE],
    ["navy on black is lightened", "#000080", BLACK],
    ["light grey on white is darkened", "#cccccc", WHITE],
    ["a colour on itself", "#e30613", "#e30613"],
    ["anything on mid-grey", "#7a7a7a", "#777777"],
  ])("readableColourOn adjusts when below AA: %s", (_rule, colour, background) => {
    const result = readableColourOn(colour, background);
    expect(result).not.toBe(toHex(colour));
    expect(contrastRatio(result, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("readableColourOn keeps the hue when a shade is enough (orange stays orange-ish, not black)", () => {
    const result = readableColourOn("#ff8800", WHITE);
    const { red, green, blue } = parseColour(result);
    expect(red).toBeGreaterThan(green);
    expect(green).toBeGreaterThan(blue);
    expect(result).not.toBe(BLACK);
  });

  it("readableColourOn reaches AA on any pair, by property", () => {
    fc.assert(
      fc.property(hexColour, hexColour, (colour, bg) => contrastRatio(readableColourOn(colour, bg), bg) >= 4.5),
      { numRuns: 300 },
    );
  });
});

describe("isLight: light means black text contrasts better than white (luminance > ≈0.179)", () => {
  itReturnsPerCase(
    isLight,
    [
      ["white", WHITE, true],
      ["black", BLACK, false],
      ["base light", BASE_COLOURS.light, true],
      ["base dark", BASE_COLOURS.dark, false],
      ["#777777 (luminance 0.184) is on the light side", "#777777", true],
      ["#757575 (luminance 0.178) is on the dark side", "#757575", false],
      ["pure yellow", "#ff0", true],
      ["pure blue", "#00f", false],
    ],
    "%s → %s",
  );

  it("agrees with which of black/white contrasts more, by property", () => {
    fc.assert(
      fc.property(hexColour, (c) => isLight(c) === contrastRatio(BLACK, c) > contrastRatio(WHITE, c)),
      { numRuns: 500 },
    );
  });

  it("relative luminance runs 0 (black) to 1 (white)", () => {
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 10);
  });
});

// Sharma, Wu & Dalal (2005), "The CIEDE2000 Color-Difference Formula: Implementation
// Notes, Supplementary Test Data, and Mathematical Observations", Table 1: all 34 pairs.
const SHARMA_PAIRS: [number, number, number, number, number, number, number][] = [
  [50.0, 2.6772, -79.7751, 50.0, 0.0, -82.7485, 2.0425],
  [50.0, 3.1571, -77.2803, 50.0, 0.0, -82.7485, 2.8615],
  [50.0, 2.8361, -74.02, 50.0, 0.0, -82.7485, 3.4412],
  [50.0, -1.3802, -84.2814, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -1.1848, -84.8006, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -0.9009, -85.5211, 50.0, 0.0, -82.7485, 1.0],
  [50.0, 0.0, 0.0, 50.0, -1.0, 2.0, 2.3669],
  [50.0, -1.0, 2.0, 50.0, 0.0, 0.0, 2.3669],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0009, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.001, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0011, 7.2195],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0012, 7.2195],
  [50.0, -0.001, 2.49, 50.0, 0.0009, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.001, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.0011, -2.49, 4.7461],
  [50.0, 2.5, 0.0, 50.0, 0.0, -2.5, 4.3065],
  [50.0, 2.5, 0.0, 73.0, 25.0, -18.0, 27.1492],
  [50.0, 2.5, 0.0, 61.0, -5.0, 29.0, 22.8977],
  [50.0, 2.5, 0.0, 56.0, -27.0, -3.0, 31.903],
  [50.0, 2.5, 0.0, 58.0, 24.0, 15.0, 19.4535],
  [50.0, 2.5, 0.0, 50.0, 3.1736, 0.5854, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2972, 0.0, 1.0],
  [50.0, 2.5, 0.0, 50.0, 1.8634, 0.5757, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

describe("Spec: 'A visible colour needs a perceptual colour distance of at least 5.9' (CIEDE2000)", () => {
  it.each(SHARMA_PAIRS.map((row, i) => [i + 1, ...row] as const))(
    "Sharma et al. pair %i: (%f, %f, %f) vs (%f, %f, %f) → ΔE00 %f",
    (_n, L1, a1, b1, L2, a2, b2, expected) => {
      const x: Lab = { L: L1, a: a1, b: b1 };
      const y: Lab = { L: L2, a: a2, b: b2 };
      // The published values have 4 decimals; the formula is symmetric.
      expect(Math.abs(ciede2000(x, y) - expected)).toBeLessThan(5e-5);
      expect(Math.abs(ciede2000(y, x) - expected)).toBeLessThan(5e-5);
    },
  );

  it.each([
    ["white is L* 100 with no chroma", WHITE, { L: 100, a: 0, b: 0 }],
    ["black is L* 0", BLACK, { L: 0, a: 0, b: 0 }],
    // Reference value for sRGB red under D65.
    ["pure red", "#ff0000", { L: 53.24, a: 80.09, b: 67.2 }],
  ])("toLab: %s", (_rule, colour, expected) => {
    const lab = toLab(colour);
    expect(lab.L).toBeCloseTo(expected.L, 1);
    expect(lab.a).toBeCloseTo(expected.a, 1);
    expect(lab.b).toBeCloseTo(expected.b, 1);
  });

  it.each([
    ["identical colours", "#336699", "#369", 0],
    ["black vs white is 100", BLACK, WHITE, 100],
  ])("deltaE2000: %s", (_rule, a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
  });

  it.each([
    ["keeps red on white", "#e30613", WHITE, "#e30613"],
    ["keeps white on black", WHITE, BLACK, WHITE],
  ])("visibleOn %s", (_rule, colour, background, expected) => {
    expect(visibleOn(colour, background)).toBe(expected);
  });

  it.each([
    ["near-white on white is shaded", "#fafafa", WHITE],
    ["white on white is shaded", WHITE, WHITE],
    ["near-black on black is tinted", "#050505", BLACK],
    ["a colour on itself", "#3366cc", "#3366cc"],
    ["mid-grey on mid-grey", "#777", "#787878"],
  ])("visibleOn adjusts when ΔE < 5.9: %s", (_rule, colour, background) => {
    expect(deltaE2000(colour, background)).toBeLessThan(5.9);
    const result = visibleOn(colour, background);
    expect(deltaE2000(result, background)).toBeGreaterThanOrEqual(5.9);
  });

  it("visibleOn moves light-background colours darker and dark-background colours lighter", () => {
    expect(relativeLuminance(visibleOn("#fafafa", WHITE))).toBeLessThan(relativeLuminance("#fafafa"));
    expect(relativeLuminance(visibleOn("#050505", BLACK))).toBeGreaterThan(relativeLuminance("#050505"));
  });

  it("visibleOn always reaches ΔE 5.9, by property", () => {
    fc.assert(
      fc.property(hexColour, hexColour, (colour, bg) => deltaE2000(visibleOn(colour, bg), bg) >= 5.9),
      { numRuns: 300 },
    );
  });
});

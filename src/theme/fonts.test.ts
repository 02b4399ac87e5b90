import { readFileSync } from "node:fs";
import path from "node:path";
import {
  FONT_CATALOGUE,
  FONT_FAMILY_NAMES,
  type FontFamilyInfo,
  allowedWeights,
  fontStack,
  getFontFamily,
  isFontFamilyName,
  parseFontWeights,
  resolveFontChoice,
} from "./fonts";
import { itReturnsPerCase } from "../test/tables";

const root = path.resolve(__dirname, "../..");
const entries = Object.entries(FONT_CATALOGUE) as [string, FontFamilyInfo][];

type Metadata = { family: string; weights: number[]; styles: string[]; subsets: string[]; variable: unknown };
const metadataOf = (info: FontFamilyInfo): Metadata =>
  JSON.parse(readFileSync(path.join(root, "node_modules", info.package, "metadata.json"), "utf8")) as Metadata;

describe("Spec: 'The body/heading catalogue offers about 40 families, each with weights 100–900 and italic variants.'", () => {
  it("offers about 40 families", () => {
    expect(FONT_FAMILY_NAMES.length).toBeGreaterThanOrEqual(38);
    expect(FONT_FAMILY_NAMES.length).toBeLessThanOrEqual(50);
  });

  it.each([
    ["French sample site body", "Inter"],
    ["French sample site heading", "Playfair Display"],
    ["US sample site body", "Source Sans 3"],
    ["US sample site heading", "Oswald"],
  ])("includes the %s font, %s", (_rule, family) => {
    expect(isFontFamilyName(family)).toBe(true);
  });

  it("most families span the full 100–900 range or close to it, and most have italics", () => {
    const full = entries.filter(([, i]) => i.weights.length >= 7).length;
    const italic = entries.filter(([, i]) => i.italic).length;
    expect(full / entries.length).toBeGreaterThan(0.5);
    expect(italic / entries.length).toBeGreaterThan(0.7);
  });

  it("prefers variable packages (one file for all weights) for most families", () => {
    expect(entries.filter(([, i]) => i.variable).length / entries.length).toBeGreaterThan(0.75);
  });

  it.each(entries)("%s matches its installed package's metadata", (family, info) => {
    const meta = metadataOf(info);
    expect(meta.family).toBe(family);
    expect([...info.weights]).toEqual(meta.weights);
    expect(info.italic).toBe(meta.styles.includes("italic"));
    expect(info.package).toBe(`${info.variable ? "@fontsource-variable" : "@fontsource"}/${info.id}`);
    expect(meta.subsets).toEqual(expect.arrayContaining(["latin", "latin-ext"]));
    expect(info.weights.every((w) => w >= 100 && w <= 900 && w % 100 === 0)).toBe(true);
    expect(info.fallback).toMatch(/(sans-serif|serif|monospace)$/);
  });

  it("every catalogue package is a declared dependency, so a fresh install has it", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const missing = entries.map(([, i]) => i.package).filter((p) => !(p in pkg.dependencies));
    expect(missing).toEqual([]);
  });
});

describe("Spec: 'A font choice is a font family name plus weights (strings such as '400' or '400i'; a trailing i means italic).'", () => {
  itReturnsPerCase(
    parseFontWeights,
    [
      ["a plain weight", ["400"], [{ weight: 400, italic: false }]],
      ["a trailing i means italic", ["400i"], [{ weight: 400, italic: true }]],
      [
        "several, order kept",
        ["700", "400", "400i"],
        [
          { weight: 700, italic: false },
          { weight: 400, italic: false },
          { weight: 400, italic: true },
        ],
      ],
      ["duplicates collapse", ["400", "400"], [{ weight: 400, italic: false }]],
      [
        "the extremes",
        ["100", "900i"],
        [
          { weight: 100, italic: false },
          { weight: 900, italic: true },
        ],
      ],
      ["empty list", [], []],
    ],
    "parseFontWeights: %s",
  );

  it.each([
    ["a name instead of a number", "bold"],
    ["not a multiple of 100", "450"],
    ["0 is not a weight", "000"],
    ["1000 is out of range", "1000"],
    ["upper-case I", "400I"],
    ["italic written out", "400italic"],
    ["empty string", ""],
  ])("parseFontWeights rejects %s with a clear error", (_rule, input) => {
    expect(() => parseFontWeights([input])).toThrow(
      new RegExp(
        `Invalid font weight "${input}": expected "100" to "900" in steps of 100, with a trailing "i" for italic`,
      ),
    );
  });

  it.each([
    ["Inter 400/700/400i", { family: "Inter", weights: ["400", "700", "400i"] }],
    ["Oswald 700 (no italics needed)", { family: "Oswald", weights: ["700"] }],
    ["Lato (static) 300/900i", { family: "Lato", weights: ["300", "900i"] }],
  ])("resolveFontChoice accepts %s", (_rule, choice) => {
    expect(resolveFontChoice(choice).family).toBe(choice.family);
  });

  it.each([
    [
      "an unknown family lists the catalogue",
      { family: "Comic Sans MS", weights: ["400"] },
      /Unknown font family "Comic Sans MS": choose one of .*Inter/,
    ],
    [
      "a weight the family lacks names family and allowed weights",
      { family: "Playfair Display", weights: ["300"] },
      /Font "Playfair Display" has no weight 300: allowed weights are 400, 400i, 500, 500i, .*900, 900i/,
    ],
    [
      "an italic the family lacks",
      { family: "Oswald", weights: ["400", "700i"] },
      /Font "Oswald" has no weight 700i: allowed weights are 200, 300, 400, 500, 600, 700$/,
    ],
    ["no weights at all", { family: "Inter", weights: [] }, /Font "Inter" has no weights: choose from 100, 100i/],
    ["family names are case-sensitive", { family: "inter", weights: ["400"] }, /Unknown font family "inter"/],
  ])("resolveFontChoice: %s", (_rule, choice, message) => {
    expect(() => resolveFontChoice(choice)).toThrow(message);
  });

  it("allowedWeights lists italics only where they exist", () => {
    expect(allowedWeights(getFontFamily("PT Sans"))).toEqual(["400", "400i", "700", "700i"]);
    expect(allowedWeights(getFontFamily("Bebas Neue"))).toEqual(["400"]);
  });
});

describe("font-family stacks", () => {
  it.each([
    ["Inter", /^"Inter", system-ui, .*sans-serif$/],
    ["Source Sans 3 (quoted: a bare 3 would be invalid CSS)", /^"Source Sans 3", system-ui, .*sans-serif$/],
    ["Playfair Display", /^"Playfair Display", Georgia, .*serif$/],
    ["Oswald", /^"Oswald", "Arial Narrow", .*sans-serif$/],
    ["Roboto Mono", /^"Roboto Mono", ui-monospace, .*monospace$/],
  ])("%s", (label, expected) => {
    expect(fontStack(label.replace(/ \(.*\)$/, ""))).toMatch(expected);
  });
});

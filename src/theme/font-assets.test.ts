import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyFontFiles, planFontAssets, planPreviewFonts } from "./font-assets";
import { FONT_CATALOGUE, FONT_FAMILY_NAMES, type FontChoice } from "./fonts";

const rootDir = path.resolve(__dirname, "../..");
let outDir: string;

beforeEach(() => {
  outDir = mkdtempSync(path.join(tmpdir(), "font-assets-"));
});
afterEach(() => {
  rmSync(outDir, { recursive: true, force: true });
});

// Strip the content hash so expectations read like the package's own file names.
const unhashed = (names: string[]): string[] => names.map((n) => n.replace(/\.[0-9a-f]{8}\.woff2$/, ".woff2")).sort();
const collect = (choices: FontChoice[], publicPath?: string) => {
  const plan = planFontAssets(choices, publicPath, { rootDir });
  return { ...plan, written: copyFontFiles(plan.files, outDir) };
};

describe("Design: fonts are self-hosted and only the families (and weights) a site uses are shipped", () => {
  it.each<[string, FontChoice[], string[]]>([
    [
      "variable family, upright weights only: one file per subset",
      [{ family: "Oswald", weights: ["400", "700"] }],
      ["oswald-latin-ext-wght-normal.woff2", "oswald-latin-wght-normal.woff2"],
    ],
    [
      "variable family with an italic: adds the italic file per subset",
      [{ family: "Inter", weights: ["400", "700", "400i"] }],
      [
        "inter-latin-ext-wght-italic.woff2",
        "inter-latin-ext-wght-normal.woff2",
        "inter-latin-wght-italic.woff2",
        "inter-latin-wght-normal.woff2",
      ],
    ],
    [
      "variable family, italic only: no upright file",
      [{ family: "Playfair Display", weights: ["700i"] }],
      ["playfair-display-latin-ext-wght-italic.woff2", "playfair-display-latin-wght-italic.woff2"],
    ],
    [
      "static family: one file per requested weight and subset, nothing else",
      [{ family: "Lato", weights: ["400", "700i"] }],
      [
        "lato-latin-400-normal.woff2",
        "lato-latin-700-italic.woff2",
        "lato-latin-ext-400-normal.woff2",
        "lato-latin-ext-700-italic.woff2",
      ],
    ],
    [
      "the same family for body and heading is copied once, weights merged",
      [
        { family: "PT Serif", weights: ["400"] },
        { family: "PT Serif", weights: ["700", "400"] },
      ],
      [
        "pt-serif-latin-400-normal.woff2",
        "pt-serif-latin-700-normal.woff2",
        "pt-serif-latin-ext-400-normal.woff2",
        "pt-serif-latin-ext-700-normal.woff2",
      ],
    ],
    [
      "French sample site: Inter body + Playfair Display heading",
      [
        { family: "Inter", weights: ["400", "700"] },
        { family: "Playfair Display", weights: ["700"] },
      ],
      [
        "inter-latin-ext-wght-normal.woff2",
        "inter-latin-wght-normal.woff2",
        "playfair-display-latin-ext-wght-normal.woff2",
        "playfair-display-latin-wght-normal.woff2",
      ],
    ],
    [
      "US sample site: Source Sans 3 body + Oswald heading",
      [
        { family: "Source Sans 3", weights: ["400", "400i", "700"] },
        { family: "Oswald", weights: ["500"] },
      ],
      [
        "oswald-latin-ext-wght-normal.woff2",
        "oswald-latin-wght-normal.woff2",
        "source-sans-3-latin-ext-wght-italic.woff2",
        "source-sans-3-latin-ext-wght-normal.woff2",
        "source-sans-3-latin-wght-italic.woff2",
        "source-sans-3-latin-wght-normal.woff2",
      ],
    ],
    ["no choices: nothing copied", [], []],
  ])("%s", (_rule, choices, expected) => {
    const assets = collect(choices);
    expect(unhashed(readdirSync(outDir))).toEqual(expected);
    expect(assets.written.map((f) => path.basename(f)).sort()).toEqual(readdirSync(outDir).sort());
    // Every copied file is byte-identical to the package's.
    for (const file of assets.files) {
      expect(readFileSync(path.join(outDir, file.fileName)).equals(readFileSync(file.from))).toBe(true);
    }
  });

  it("writes one @font-face per file, with font-display: optional (no layout shift) and the package's unicode-range", () => {
    const { css, files } = collect([{ family: "Inter", weights: ["400", "700"] }]);
    const faces = css.match(/@font-face \{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(files.length);
    for (const face of faces) {
      expect(face).toContain('font-family: "Inter";');
      expect(face).toContain("font-display: optional;");
      expect(face).toContain("font-style: normal;");
      // A variable file declares the whole weight axis it covers.
      expect(face).toContain("font-weight: 100 900;");
      expect(face).toMatch(
        /src: url\("\/fonts\/inter-latin(-ext)?-wght-normal\.[0-9a-f]{8}\.woff2"\) format\("woff2"\);/,
      );
    }
    const unicode = JSON.parse(
      readFileSync(path.join(rootDir, "node_modules/@fontsource-variable/inter/unicode.json"), "utf8"),
    ) as Record<string, string>;
    expect(css).toContain(`unicode-range: ${unicode.latin};`);
    expect(css).toContain(`unicode-range: ${unicode["latin-ext"]};`);
    // Same ranges as the package's own CSS, which this mirrors.
    const packageCss = readFileSync(path.join(rootDir, "node_modules/@fontsource-variable/inter/wght.css"), "utf8");
    expect(packageCss).toContain(`unicode-range: ${unicode.latin};`);
  });

  it("static families declare each weight and style separately", () => {
    const { css } = collect([{ family: "Lato", weights: ["300", "700i"] }]);
    expect(css).toMatch(/font-style: normal;\n {2}font-weight: 300;/);
    expect(css).toMatch(/font-style: italic;\n {2}font-weight: 700;/);
    expect(css).not.toMatch(/font-weight: 400;/);
  });

  it.each<[string, FontChoice[], string[]]>([
    [
      "one preload per family: the regular latin file",
      [{ family: "Inter", weights: ["700", "400", "400i"] }],
      ["inter-latin-wght-normal.woff2"],
    ],
    [
      "static family: the weight closest to 400, upright",
      [{ family: "Lato", weights: ["900", "300i", "700"] }],
      ["lato-latin-700-normal.woff2"],
    ],
    [
      "italic-only family preloads its italic",
      [{ family: "Lato", weights: ["400i"] }],
      ["lato-latin-400-italic.woff2"],
    ],
    [
      "two families: two preloads, in choice order",
      [
        { family: "Source Sans 3", weights: ["400"] },
        { family: "Oswald", weights: ["700"] },
      ],
      ["source-sans-3-latin-wght-normal.woff2", "oswald-latin-wght-normal.woff2"],
    ],
  ])("preload: %s", (_rule, choices, expected) => {
    const { preload } = collect(choices);
    expect(preload.map((url) => url.replace(/^\/fonts\//, "").replace(/\.[0-9a-f]{8}\.woff2$/, ".woff2"))).toEqual(
      expected,
    );
  });

  it.each([
    ["default /fonts", undefined, /^\/fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2$/],
    ["a prefixed path", "/cinema/fonts", /^\/cinema\/fonts\/inter-/],
    ["a trailing slash is not doubled", "/static/fonts/", /^\/static\/fonts\/inter-/],
  ])("public path: %s", (_rule, publicPath, expected) => {
    const { preload, css } = collect([{ family: "Inter", weights: ["400"] }], publicPath);
    expect(preload[0]).toMatch(expected);
    expect(css).toContain(`url("${preload[0]}")`);
  });

  it("file names carry a content hash, so a package upgrade changes the URL", () => {
    const a = planFontAssets([{ family: "Inter", weights: ["400"] }], "/fonts", { rootDir });
    const b = planFontAssets([{ family: "Inter", weights: ["400"] }], "/fonts", { rootDir });
    expect(a.files.map((f) => f.fileName)).toEqual(b.files.map((f) => f.fileName));
    expect(a.files.map((f) => f.fileName)).toContainEqual(
      expect.stringMatching(/^inter-latin-wght-normal\.[0-9a-f]{8}\.woff2$/),
    );
  });

  it("declares each family's latin face after its latin-ext face: for œ, which both cover, the browser takes the last", () => {
    const { css } = planFontAssets([{ family: "Inter", weights: ["400"] }], "/fonts", { rootDir });
    const order = [...css.matchAll(/url\("\/fonts\/inter-(latin(?:-ext)?)-wght-normal/g)].map((m) => m[1]);
    expect(order).toEqual(["latin-ext", "latin"]);
    const ranges = [...css.matchAll(/unicode-range: ([^;]+);/g)].map((m) => m[1]!);
    const covers = (range: string, code: number) =>
      range.split(",").some((part) => {
        const [from, to = from] = part.trim().slice(2).split("-");
        return code >= parseInt(from!, 16) && code <= parseInt(to!, 16);
      });
    // Both faces claim œ (U+0153): the order above is what keeps French text on the latin file.
    expect(ranges.map((range) => covers(range, 0x153))).toEqual([true, true]);
  });

  it("planFontAssets computes the same CSS without writing anything", () => {
    const plan = planFontAssets([{ family: "Oswald", weights: ["400"] }], "/fonts", { rootDir });
    expect(readdirSync(outDir)).toEqual([]);
    expect(plan.css).toBe(collect([{ family: "Oswald", weights: ["400"] }]).css);
  });

  it("creates the output directory when it does not exist", () => {
    const nested = path.join(outDir, "public", "fonts");
    copyFontFiles(planFontAssets([{ family: "Oswald", weights: ["400"] }], "/fonts", { rootDir }).files, nested);
    expect(readdirSync(nested)).toHaveLength(2);
  });

  it.each<[string, FontChoice[], RegExp]>([
    ["an unknown family", [{ family: "Papyrus", weights: ["400"] }], /Unknown font family "Papyrus"/],
    [
      "a weight the family does not have names family and allowed weights",
      [{ family: "Oswald", weights: ["800"] }],
      /Font "Oswald" has no weight 800: allowed weights are 200, 300, 400, 500, 600, 700/,
    ],
    [
      "an italic the family does not have",
      [{ family: "Bebas Neue", weights: ["400i"] }],
      /Font "Bebas Neue" has no weight 400i: allowed weights are 400$/,
    ],
    ["a malformed weight", [{ family: "Inter", weights: ["regular"] }], /Invalid font weight "regular"/],
  ])("throws for %s, and copies nothing", (_rule, choices, message) => {
    expect(() => collect(choices)).toThrow(message);
    expect(readdirSync(outDir)).toEqual([]);
  });

  it("names the package to install when it is missing from node_modules", () => {
    const emptyRoot = mkdtempSync(path.join(tmpdir(), "font-root-"));
    try {
      expect(() => planFontAssets([{ family: "Inter", weights: ["400"] }], "/fonts", { rootDir: emptyRoot })).toThrow(
        /Font package @fontsource-variable\/inter is not installed: run `npm install @fontsource-variable\/inter`/,
      );
    } finally {
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });

  it("every catalogue family resolves to real files for its lightest and heaviest weights", () => {
    // Guards the file-naming rules against a package that names files differently.
    for (const [family, info] of Object.entries(FONT_CATALOGUE)) {
      const w = [Math.min(...info.weights), Math.max(...info.weights)];
      const weights = w.flatMap((x) => (info.italic ? [`${x}`, `${x}i`] : [`${x}`]));
      expect(() => planFontAssets([{ family, weights }], "/fonts", { rootDir })).not.toThrow();
    }
  });
});

describe("editor preview: every catalogue family is reachable, one stylesheet per family", () => {
  const families = planPreviewFonts({ rootDir });

  it("covers the whole catalogue", () => {
    expect(families.map((f) => f.family)).toEqual(FONT_FAMILY_NAMES);
  });

  it.each(FONT_FAMILY_NAMES)("%s: every weight and style, swap, under /fonts/preview/", (name) => {
    const family = families.find((f) => f.family === name)!;
    const info = FONT_CATALOGUE[name];
    expect(family.cssPath).toBe(`/fonts/preview/${info.id}.css`);
    expect(family.css).not.toContain("font-display: optional");
    expect(family.css.match(/font-display: swap;/g)?.length).toBe(family.files.length);
    for (const file of family.files) {
      expect(file.url).toBe(`/fonts/preview/${file.fileName}`);
      expect(existsSync(file.from)).toBe(true);
    }
    // A static family ships a file per weight (and style), a variable one a file per style.
    const styles = info.italic ? 2 : 1;
    const perSubset = info.variable ? styles : info.weights.length * styles;
    expect(family.files).toHaveLength(perSubset * 2);
    if (info.italic) expect(family.css).toContain("font-style: italic;");
  });

  it("leaves the site's own faces as they were (optional, /fonts/)", () => {
    const plan = planFontAssets([{ family: "Inter", weights: ["400"] }], "/fonts", { rootDir });
    expect(plan.css).toContain("font-display: optional;");
    expect(plan.css).not.toContain("/fonts/preview/");
  });
});

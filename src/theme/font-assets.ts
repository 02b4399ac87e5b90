/**
 * Build-time (Node only) helper that turns a site's font choices into
 * self-hosted assets: copies just the needed .woff2 files out of node_modules
 * and writes the matching @font-face CSS. Keeping this out of the browser
 * bundle is why it imports `fs` freely; never import it from a component.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  FONT_CATALOGUE,
  FONT_FAMILY_NAMES,
  PREVIEW_FONTS_PATH,
  type FontChoice,
  type FontFamilyInfo,
  type FontFamilyName,
  type FontVariant,
  allowedWeights,
  previewFontCssPath,
  resolveFontChoice,
} from "./fonts";

/**
 * latin covers English/French/Spanish; latin-ext adds the rest of Europe (Polish, Czech, Turkish...).
 * In this order on purpose: the two ranges overlap (œ, Œ and three combining marks), and for a
 * character in both the browser takes the face declared last (CSS Fonts 4, unicode-range). With
 * latin-ext last, the "œ" of "cœur" downloaded both latin-ext files (108 KB) on the French home page.
 */
export const FONT_SUBSETS = ["latin-ext", "latin"] as const;
export type FontSubset = (typeof FONT_SUBSETS)[number];

/**
 * "optional" rather than the brief's "swap": the foundation issue asks for no layout shift from
 * fonts. The faces are preloaded, so they are normally in time for first paint; when they are
 * not, the fallback stays for that page view instead of reflowing text under the reader.
 */
export const FONT_DISPLAY = "optional";

export type FontFileCopy = {
  /** Absolute path of the source file inside node_modules. */
  from: string;
  /** File name written into the output directory (content-hashed). */
  fileName: string;
  /** Public URL of the file. */
  url: string;
};

export type FontAssetPlan = {
  /** @font-face rules for every copied file, ready for a <style> tag or a .css file. */
  css: string;
  /** One URL per family (the regular, latin file) for <link rel="preload" as="font" crossorigin>. */
  preload: string[];
  files: FontFileCopy[];
};

export type FontAssetOptions = {
  /** Where node_modules are resolved from; defaults to the working directory (the site root in a Gatsby build). */
  rootDir?: string;
  /** font-display of the rules; FONT_DISPLAY unless said otherwise. */
  display?: "optional" | "swap";
};

type FamilyRequest = { family: FontFamilyName; info: FontFamilyInfo; variants: FontVariant[] };

/** Choices for the same family (e.g. body and heading both Inter) become one request with the union of weights. */
function mergeChoices(choices: readonly FontChoice[]): FamilyRequest[] {
  const byFamily = new Map<FontFamilyName, FamilyRequest>();
  for (const choice of choices) {
    const resolved = resolveFontChoice(choice);
    const existing = byFamily.get(resolved.family);
    if (!existing) {
      byFamily.set(resolved.family, resolved);
      continue;
    }
    for (const v of resolved.variants) {
      if (!existing.variants.some((e) => e.weight === v.weight && e.italic === v.italic)) existing.variants.push(v);
    }
  }
  for (const request of byFamily.values()) {
    request.variants.sort((a, b) => a.weight - b.weight || Number(a.italic) - Number(b.italic));
  }
  return [...byFamily.values()];
}

function packageDir(info: FontFamilyInfo, rootDir: string): string {
  const requireFromRoot = createRequire(path.join(rootDir, "package.json"));
  try {
    return path.dirname(requireFromRoot.resolve(`${info.package}/package.json`));
  } catch {
    throw new Error(`Font package ${info.package} is not installed: run \`npm install ${info.package}\``);
  }
}

function readUnicodeRanges(dir: string, info: FontFamilyInfo): Record<string, string> {
  // unicode.json is the table the package's own CSS is generated from, so it
  // gives the same unicode-range values without parsing CSS.
  const file = path.join(dir, "unicode.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch (error) {
    throw new Error(`Cannot read unicode ranges of ${info.package} (${file}): ${(error as Error).message}`);
  }
}

const contentHash = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 8);

type Face = {
  style: "normal" | "italic";
  weight: string;
  fileStem: string;
  subset: FontSubset;
  preloadCandidate: FontVariant;
};

/** The @font-face entries a family needs: per subset, one per style (variable) or one per variant (static). */
function facesFor(request: FamilyRequest): Face[] {
  const { info, variants } = request;
  const faces: Face[] = [];
  for (const subset of FONT_SUBSETS) {
    if (info.variable) {
      const min = Math.min(...info.weights);
      const max = Math.max(...info.weights);
      for (const italic of [false, true]) {
        const wanted = variants.filter((v) => v.italic === italic);
        if (wanted.length === 0) continue;
        const style = italic ? "italic" : "normal";
        faces.push({
          style,
          // The file holds the whole axis, so declare all of it; the browser then
          // never synthesises a weight the file could have rendered.
          weight: min === max ? `${min}` : `${min} ${max}`,
          fileStem: `${info.id}-${subset}-wght-${style}`,
          subset,
          preloadCandidate: wanted[0]!,
        });
      }
    } else {
      for (const v of variants) {
        const style = v.italic ? "italic" : "normal";
        faces.push({
          style,
          weight: `${v.weight}`,
          fileStem: `${info.id}-${subset}-${v.weight}-${style}`,
          subset,
          preloadCandidate: v,
        });
      }
    }
  }
  return faces;
}

/** The regular cut: upright and closest to 400; only if a family is used solely in italic does an italic file get preloaded. */
function isPreferredPreload(candidate: FontVariant, current: FontVariant | undefined): boolean {
  if (!current) return true;
  if (candidate.italic !== current.italic) return !candidate.italic;
  return Math.abs(candidate.weight - 400) < Math.abs(current.weight - 400);
}

function joinUrl(publicPath: string, fileName: string): string {
  return `${publicPath.replace(/\/+$/, "")}/${fileName}`;
}

/**
 * Works out which files to copy and the CSS for them, without writing anything.
 * Useful where only the CSS/preload list is needed (e.g. rendering <head>).
 */
export function planFontAssets(
  choices: readonly FontChoice[],
  publicPath = "/fonts",
  options: FontAssetOptions = {},
): FontAssetPlan {
  const rootDir = options.rootDir ?? process.cwd();
  const rules: string[] = [];
  const preload: string[] = [];
  const files: FontFileCopy[] = [];

  for (const request of mergeChoices(choices)) {
    const dir = packageDir(request.info, rootDir);
    const ranges = readUnicodeRanges(dir, request.info);
    let preloadFace: { variant: FontVariant; url: string } | undefined;

    for (const face of facesFor(request)) {
      const from = path.join(dir, "files", `${face.fileStem}.woff2`);
      if (!existsSync(from)) {
        throw new Error(`Font file missing for "${request.family}": ${from} (is ${request.info.package} up to date?)`);
      }
      const range = ranges[face.subset];
      if (!range) throw new Error(`Font "${request.family}" has no ${face.subset} subset in ${request.info.package}`);
      // Hashed names let hosts cache fonts forever; a package upgrade changes the URL.
      const fileName = `${face.fileStem}.${contentHash(from)}.woff2`;
      const url = joinUrl(publicPath, fileName);
      files.push({ from, fileName, url });
      rules.push(
        [
          "@font-face {",
          `  font-family: "${request.family}";`,
          `  font-style: ${face.style};`,
          `  font-weight: ${face.weight};`,
          `  font-display: ${options.display ?? FONT_DISPLAY};`,
          `  src: url("${url}") format("woff2");`,
          `  unicode-range: ${range};`,
          "}",
        ].join("\n"),
      );
      if (face.subset === "latin" && isPreferredPreload(face.preloadCandidate, preloadFace?.variant)) {
        preloadFace = { variant: face.preloadCandidate, url };
      }
    }
    if (preloadFace) preload.push(preloadFace.url);
  }

  return { css: rules.join("\n\n") + (rules.length > 0 ? "\n" : ""), preload, files };
}

/**
 * Copies planned font files into `outDir` (created if needed) and returns the paths written.
 * Synchronous so it can run from any Gatsby Node API hook without ordering concerns.
 */
export function copyFontFiles(files: readonly FontFileCopy[], outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  return files.map((file) => {
    const target = path.join(outDir, file.fileName);
    copyFileSync(file.from, target);
    return target;
  });
}

/** One catalogue family as the editor preview loads it: its stylesheet and the files it names. */
export type PreviewFontFamily = {
  family: FontFamilyName;
  /** Public URL of the family's stylesheet, e.g. "/fonts/preview/inter.css". */
  cssPath: string;
  css: string;
  files: FontFileCopy[];
};

/**
 * Every family of the catalogue, every weight and style, for the live editor preview: an operator
 * may pick any of them, and the page in the editor's frame must show it. One stylesheet per
 * family, fetched only when an editor picks that family; "swap" rather than "optional", since
 * there the point is to see the font, and the browser downloads only the faces the page uses.
 * Visitors never load any of it (the build copies it only when EDITOR_ORIGINS is set).
 */
export function planPreviewFonts(options: Omit<FontAssetOptions, "display"> = {}): PreviewFontFamily[] {
  return FONT_FAMILY_NAMES.map((family) => {
    const plan = planFontAssets([{ family, weights: allowedWeights(FONT_CATALOGUE[family]) }], PREVIEW_FONTS_PATH, {
      ...options,
      display: "swap",
    });
    return { family, cssPath: previewFontCssPath(family), css: plan.css, files: plan.files };
  });
}

// The site-wide stylesheet (global.css), read at build by gatsby-config.ts and written into each
// page's <head> by the venue plugin (plugins/gatsby-source-venue/gatsby-ssr.tsx).
//
// It was imported by gatsby-browser.tsx for Gatsby to inline. That makes webpack compile it in a
// child compilation (mini-css-extract) that runs on some builds and is skipped from cache on others,
// and the child's hash flips the compilation hash between two builds of the same code: Gatsby then
// treats its scripts as new and rewrites every page's HTML (issue 19: seconds of a one-film rebuild at
// catalogue scale), and open tabs reload on their next navigation.
import { readFileSync } from "node:fs";
import path from "node:path";

export const GLOBAL_CSS_FILE = "src/theme/global.css";

/** The stylesheet without its comments and runs of white space (a selector or value keeps one space). */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .trim();
}

export function readGlobalCss(projectDir: string): string {
  return compactCss(readFileSync(path.join(projectDir, GLOBAL_CSS_FILE), "utf8"));
}

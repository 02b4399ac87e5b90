// Puts each page's JSON-LD (structured-data.ts) into its built HTML, after Gatsby wrote it.
//
// It used to be read by gatsby-ssr.tsx from a file the build wrote. Gatsby cannot know which pages
// depend on a file its renderer reads, so any file read there makes it render EVERY page again on
// the next build ("Previous build used unsafe builtin method"): an operator's one-film change
// re-rendered thousands of pages (issue 19). Written here instead, a page Gatsby reused keeps the
// script it already has, and a changed one is rewritten only when its text differs.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const LD_JSON = /<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g;

/** The page's HTML with exactly this JSON-LD in its head (any earlier one replaced), or null when it is already so. */
export function withStructuredData(html: string, jsonLdText: string): string | null {
  const script = `<script type="application/ld+json">${jsonLdText}</script>`;
  const existing = html.match(LD_JSON);
  if (existing?.length === 1 && existing[0] === script) return null;
  const without = html.replace(LD_JSON, "");
  const headEnd = without.indexOf("</head>");
  if (headEnd < 0) return null;
  return `${without.slice(0, headEnd)}${script}${without.slice(headEnd)}`;
}

/** Writes the JSON-LD into public/<path>/index.html for every page that has one; returns how many files changed. */
export function writeStructuredData(publicDir: string, byPath: Readonly<Record<string, string>>): number {
  let written = 0;
  for (const [pagePath, text] of Object.entries(byPath)) {
    const file = path.join(publicDir, pagePath, "index.html");
    let html: string;
    try {
      html = readFileSync(file, "utf8");
    } catch (error) {
      // A deferred page (spec §3 defer flags) has no HTML until it is first asked for.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const next = withStructuredData(html, text);
    if (next === null) continue;
    writeFileSync(file, next);
    written += 1;
  }
  return written;
}

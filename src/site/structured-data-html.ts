// Puts each page's JSON-LD (structured-data.ts) into its built HTML, after Gatsby wrote it.
//
// It used to be read by gatsby-ssr.tsx from a file the build wrote. Gatsby cannot know which pages
// depend on a file its renderer reads, so any file read there makes it render EVERY page again on
// the next build ("Previous build used unsafe builtin method"): an operator's one-film change
// re-rendered thousands of pages (issue 19). Written here instead, a page Gatsby reused keeps the
// script it already has, and a changed one is rewritten only when its text differs.
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";

export type StructuredDataEntry = readonly [path: string, jsonLd: string];

/** Writes the entries to `file`, one JSON [path, text] per line, as they come. */
export async function writeStructuredDataFile(file: string, entries: Iterable<StructuredDataEntry>): Promise<void> {
  const out = createWriteStream(file);
  for (const entry of entries) if (!out.write(`${JSON.stringify(entry)}\n`)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

/** The entries writeStructuredDataFile wrote, a line at a time. */
export async function* readStructuredDataFile(file: string): AsyncGenerator<StructuredDataEntry> {
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const entry: unknown = JSON.parse(line);
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string")
      throw new Error(`${file}: a line is not [path, JSON-LD text]`);
    yield [entry[0], entry[1]];
  }
}

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
export async function writeStructuredData(
  publicDir: string,
  entries: AsyncIterable<StructuredDataEntry> | Iterable<StructuredDataEntry>,
): Promise<number> {
  let written = 0;
  for await (const [pagePath, text] of entries) {
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

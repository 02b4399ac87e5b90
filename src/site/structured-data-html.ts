// Puts each page's JSON-LD (structured-data.ts) into its built HTML, after Gatsby wrote it.
//
// It used to be read by gatsby-ssr.tsx from a file the build wrote. Gatsby cannot know which pages
// depend on a file its renderer reads, so any file read there makes it render EVERY page again on
// the next build ("Previous build used unsafe builtin method"): an operator's one-film change
// re-rendered thousands of pages (issue 19). Written here instead, a page Gatsby reused keeps the
// script it already has, and a changed one is rewritten only when its text differs.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";

export type StructuredDataEntry = readonly [path: string, jsonLd: string];

/** Writes the entries to `file`, one JSON [path, text] per line, as they come. */
export async function writeStructuredDataFile(file: string, entries: Iterable<StructuredDataEntry>): Promise<void> {
  // A large buffer: the entries are made while earlier ones are written, not in turns with them.
  const out = createWriteStream(file, { highWaterMark: 1 << 22 });
  for (const entry of entries) if (!out.write(`${JSON.stringify(entry)}\n`)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

function parseEntry(file: string, line: string): StructuredDataEntry {
  const entry: unknown = JSON.parse(line);
  if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string")
    throw new Error(`${file}: a line is not [path, JSON-LD text]`);
  return [entry[0], entry[1]];
}

/**
 * The entries writeStructuredDataFile wrote, a line at a time. Split by hand: JSON.stringify never
 * writes a raw newline, and node:readline's line pattern cost 2.3 s on the 93 MB of 5,000 films.
 */
export async function* readStructuredDataFile(file: string): AsyncGenerator<StructuredDataEntry> {
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const text = rest + (chunk as string);
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; start = end + 1, end = text.indexOf("\n", start))
      if (end > start) yield parseEntry(file, text.slice(start, end));
    rest = text.slice(start);
  }
  if (rest) yield parseEntry(file, rest);
}

const LD_JSON = /<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g;

/**
 * The page's HTML with exactly this JSON-LD at the end of its body (any earlier one, in the head
 * or elsewhere, removed), or null when it is already so. At the end: a film page's graph is about
 * half its HTML, and in the head it came before any content (search engines read it anywhere).
 */
export function withStructuredData(html: string, jsonLdText: string): string | null {
  const script = `<script type="application/ld+json">${jsonLdText}</script>`;
  const without = html.replace(LD_JSON, "");
  const bodyEnd = without.lastIndexOf("</body>");
  if (bodyEnd < 0) return null;
  const next = `${without.slice(0, bodyEnd)}${script}${without.slice(bodyEnd)}`;
  return next === html ? null : next;
}

/** Part of each ledger digest: a change of where the graph goes rewrites every page once. */
const PLACEMENT = "end of body\n";

/**
 * What the last run left in each page's HTML: path → "<JSON-LD digest> <file size> <file mtime>".
 * A page Gatsby did not render again and whose JSON-LD did not change still has the same file, so
 * a one-film rebuild reads and rewrites one HTML file instead of every page's (issue 19).
 */
export type StructuredDataLedger = Map<string, string>;

/** The ledger a previous run saved, or an empty one when there is none or it is not one (it is only a cache). */
export function readStructuredDataLedger(file: string): StructuredDataLedger {
  try {
    const saved: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (saved && typeof saved === "object" && !Array.isArray(saved))
      return new Map(Object.entries(saved).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    // Missing or unreadable: every page is checked, as on a first build.
  }
  return new Map();
}

export function writeStructuredDataLedger(file: string, ledger: StructuredDataLedger): void {
  writeFileSync(file, JSON.stringify(Object.fromEntries(ledger)));
}

function fileMark(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.size} ${stat.mtimeMs}`;
  } catch (error) {
    // A deferred page (spec §3 defer flags) has no HTML until it is first asked for.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Writes the JSON-LD into public/<path>/index.html for every page that has one; returns how many
 * files changed. With a ledger, a page whose file and JSON-LD are as it last recorded is not read;
 * the ledger then describes this run.
 */
export async function writeStructuredData(
  publicDir: string,
  entries: AsyncIterable<StructuredDataEntry> | Iterable<StructuredDataEntry>,
  ledger: StructuredDataLedger = new Map(),
): Promise<number> {
  const previous = new Map(ledger);
  ledger.clear();
  let written = 0;
  for await (const [pagePath, text] of entries) {
    const file = path.join(publicDir, pagePath, "index.html");
    const mark = fileMark(file);
    if (mark === null) continue;
    const digest = createHash("sha1").update(PLACEMENT).update(text).digest("base64");
    if (previous.get(pagePath) === `${digest} ${mark}`) {
      ledger.set(pagePath, `${digest} ${mark}`);
      continue;
    }
    const next = withStructuredData(readFileSync(file, "utf8"), text);
    if (next !== null) {
      writeFileSync(file, next);
      written += 1;
    }
    ledger.set(pagePath, `${digest} ${fileMark(file)}`);
  }
  return written;
}

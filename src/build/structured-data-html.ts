// Puts each page's JSON-LD (structured-data.ts) into its built HTML, after Gatsby wrote it.
//
// It used to be read by gatsby-ssr.tsx from a file the build wrote. Gatsby cannot know which pages
// depend on a file its renderer reads, so any file read there makes it render EVERY page again on
// the next build ("Previous build used unsafe builtin method"): an operator's one-film change
// re-rendered thousands of pages (issue 19). Written here instead, a page Gatsby reused keeps the
// script it already has, and a page's JSON-LD is made and written again only when its inputs or its
// HTML changed.
import { createHash, randomUUID } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StructuredDataPage } from "../site/structured-data";

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
 * What the last run left in each page's HTML: path → "<digest> <file size> <file mtime>", the
 * digest being of the JSON-LD's inputs and the code that made it. A page Gatsby did not render
 * again and whose inputs did not change still has the same file and the same JSON-LD, so a one-film
 * rebuild makes, reads and rewrites one page's instead of every page's (issue 19).
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

/**
 * Which code makes the JSON-LD: the digest of a file the build runs it from (Gatsby's compiled
 * gatsby-node, which bundles structured-data.ts). Gatsby keeps its cache when only an imported
 * module changes, so without this a new generator would leave every unchanged page's old graph.
 * A file that cannot be read gives a value of its own: every page's JSON-LD is made again.
 */
export function generatorVersion(file: string): string {
  try {
    return createHash("sha1").update(readFileSync(file)).digest("base64");
  } catch {
    return randomUUID();
  }
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
 * files changed. With a ledger, a page whose file and inputs are as it last recorded is neither
 * made nor read; the ledger then describes this run. `generator` names the code that makes the
 * texts (generatorVersion): another one makes every page's again.
 */
export function writeStructuredData(
  publicDir: string,
  pages: Iterable<StructuredDataPage>,
  { ledger = new Map(), generator = "" }: { ledger?: StructuredDataLedger; generator?: string } = {},
): number {
  const previous = new Map(ledger);
  ledger.clear();
  let written = 0;
  for (const page of pages) {
    const file = path.join(publicDir, page.path, "index.html");
    const mark = fileMark(file);
    if (mark === null) continue;
    const digest = createHash("sha1").update(PLACEMENT).update(`${generator}\n`).update(page.inputs).digest("base64");
    if (previous.get(page.path) === `${digest} ${mark}`) {
      ledger.set(page.path, `${digest} ${mark}`);
      continue;
    }
    const next = withStructuredData(readFileSync(file, "utf8"), page.text());
    if (next !== null) {
      writeFileSync(file, next);
      written += 1;
    }
    ledger.set(page.path, `${digest} ${fileMark(file)}`);
  }
  return written;
}

// Counts the JavaScript a page loads on first visit, gzipped, by reading the built HTML:
// every <script src> of the site's own plus inline scripts. `--check` fails when a film page exceeds the budget.
// Reads the site built in public/, or the one in the folder given (`npm run test:budget` reads
// the default site's browser-test build).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const FILM_PAGE_BUDGET_BYTES = 150 * 1024;

export type ScriptCost = { src: string; rawBytes: number; gzipBytes: number };

function costOf(src: string, code: Buffer): ScriptCost {
  return { src, rawBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

function readAsset(publicDir: string, src: string): Buffer {
  return readFileSync(path.join(publicDir, src.split("?")[0]!.replace(/^\//, "")));
}

export function scriptsOf(html: string, publicDir: string): ScriptCost[] {
  const costs: ScriptCost[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/type="application\/(?:ld\+)?json"/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(attributes)?.[1];
    // A third party's script (another origin) is the vendor's, not the site's: not counted.
    if (src && /^(?:[a-z]+:)?\/\//i.test(src)) continue;
    const code = src ? readAsset(publicDir, src) : Buffer.from(body);
    if (code.length > 0) costs.push(costOf(src ?? "(inline)", code));
  }
  return costs;
}

export type WebpackStats = { namedChunkGroups?: Record<string, { assets?: { name: string }[] }> };

export function readWebpackStats(publicDir: string): WebpackStats {
  return JSON.parse(readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as WebpackStats;
}

/**
 * The page's template chunk and the shared chunks it needs are not in the HTML: Gatsby's runtime
 * loads them before hydrating. They come from page-data (componentChunkName) and webpack.stats.json.
 */
export function templateChunksOf(pageDataFile: string, stats: WebpackStats): string[] {
  const pageData = JSON.parse(readFileSync(pageDataFile, "utf8")) as { componentChunkName?: string };
  const group = pageData.componentChunkName ? stats.namedChunkGroups?.[pageData.componentChunkName] : undefined;
  if (!group?.assets) throw new Error(`no chunk group for ${pageDataFile}`);
  return group.assets.map((a) => `/${a.name}`).filter((name) => name.endsWith(".js"));
}

export function firstLoadScripts(htmlFile: string, publicDir: string, stats: WebpackStats): ScriptCost[] {
  const fromHtml = scriptsOf(readFileSync(htmlFile, "utf8"), publicDir);
  const pagePath = path.relative(publicDir, path.dirname(htmlFile));
  const pageDataFile = path.join(publicDir, "page-data", pagePath === "" ? "index" : pagePath, "page-data.json");
  const seen = new Set(fromHtml.map((c) => c.src));
  const chunks = templateChunksOf(pageDataFile, stats)
    .filter((src) => !seen.has(src))
    .map((src) => costOf(src, readAsset(publicDir, src)));
  return [...fromHtml, ...chunks];
}

function firstFilmPage(publicDir: string): string {
  const films = path.join(publicDir, "films");
  const dir = readdirSync(films, { withFileTypes: true }).find((d) => d.isDirectory() && /^\d+-/.test(d.name));
  if (!dir) throw new Error(`no film page under ${films}; build the site first (npm run build)`);
  return path.join(films, dir.name, "index.html");
}

function main(): number {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const siteDir = args.find((arg) => !arg.startsWith("-")) ?? ".";
  const publicDir = path.resolve(siteDir, "public");
  if (!existsSync(path.join(publicDir, "index.html"))) {
    console.error(`No built site in ${path.relative(".", publicDir)}/. Run \`npm run build\` first.`);
    return 1;
  }
  const pages = [
    ["home", path.join(publicDir, "index.html")],
    ["films", path.join(publicDir, "films", "index.html")],
    ["film", firstFilmPage(publicDir)],
  ] as const;
  const stats = readWebpackStats(publicDir);
  let filmTotal = 0;
  for (const [name, file] of pages) {
    const costs = firstLoadScripts(file, publicDir, stats);
    const total = costs.reduce((sum, c) => sum + c.gzipBytes, 0);
    const raw = costs.reduce((sum, c) => sum + c.rawBytes, 0);
    if (name === "film") filmTotal = total;
    console.log(
      `${name.padEnd(6)} ${path.relative(publicDir, file).padEnd(48)} ${(total / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw) in ${costs.length} scripts`,
    );
    if (!check)
      for (const c of costs.sort((a, b) => b.gzipBytes - a.gzipBytes))
        console.log(`         ${(c.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${c.src}`);
  }
  const verdict = filmTotal <= FILM_PAGE_BUDGET_BYTES ? "within" : "OVER";
  console.log(
    `film page first-load JS: ${(filmTotal / 1024).toFixed(1)} KB gzip, ${verdict} the ${FILM_PAGE_BUDGET_BYTES / 1024} KB budget`,
  );
  return check && filmTotal > FILM_PAGE_BUDGET_BYTES ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) process.exit(main());

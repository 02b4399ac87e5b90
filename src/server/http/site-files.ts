// What a built site's public/ folder holds, read once when a server starts (or when the Netlify
// adapter writes its header rules): the list of files and the hashes of the inline scripts its
// pages carry, for the Content-Security-Policy.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BUILD_INTERNAL_FILES } from "../../lib/paths";

/** Platform files a static host reads and never serves. */
export const PLATFORM_FILES: ReadonlySet<string> = new Set(["/_headers", "/_redirects"]);
/** The build's own files (lib/paths.ts) and source maps are never served (issue 43). */
const isServed = (urlPath: string) =>
  !PLATFORM_FILES.has(urlPath) && !BUILD_INTERNAL_FILES.includes(urlPath) && !urlPath.endsWith(".map");

/** Every file under `publicDir` as a URL path ("/films/x/index.html"), sorted, platform and build-internal files left out. */
export function listPublicFiles(publicDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), urlPath);
      else if (entry.isFile() && isServed(urlPath)) files.push(urlPath);
    }
  };
  walk(publicDir, "");
  return files.sort();
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks (JSON, JSON-LD) are not run, so CSP does not apply to them. */
const DATA_TYPE = /\btype\s*=\s*["']?(?!text\/javascript|module|application\/javascript)[^"'\s>]+/i;

/** The CSP hash source ("sha256-…") of each inline script of an HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.push(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return hashes;
}

/** The distinct inline-script hashes over every HTML file of the build, sorted. */
export function siteInlineScriptHashes(publicDir: string, files: readonly string[]): string[] {
  const all = new Set<string>();
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    for (const hash of inlineScriptHashes(readFileSync(path.join(publicDir, file), "utf8"))) all.add(hash);
  }
  return [...all].sort();
}

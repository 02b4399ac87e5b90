// Brotli and gzip copies of the build's content-hashed files (`app-<hash>.js.br` beside
// `app-<hash>.js`), written once after the build. The production server sends them as they are
// (`@fastify/static`'s preCompressed) instead of compressing the same scripts on every request,
// at a quality too slow to use per request (brotli 11, gzip 9).
//
// Only files whose name carries their content's hash: their copies can never go stale, since a
// changed file gets a new name. HTML, page data and everything served `no-cache` are compressed
// per request as before (Gatsby rewrites them in place, and a copy would outlive the change).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathKindOf } from "../lib/path-kinds";

/** Types worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg)$/i;
/** Below this, compression gains less than its headers cost: the server's threshold too (app.ts). */
export const COMPRESS_MIN_BYTES = 1024;

export interface PrecompressResult {
  /** Files that got their copies this run. */
  readonly files: number;
  readonly rawBytes: number;
  readonly brotliBytes: number;
}

/** The public/ paths ("/app-….js") that get compressed copies. */
export function precompressible(urlPath: string): boolean {
  return COMPRESSIBLE.test(urlPath) && pathKindOf(urlPath) === "immutable";
}

/** Writes the missing `.br` and `.gz` copies of the content-hashed files under `publicDir`. */
export function precompressHashedFiles(publicDir: string): PrecompressResult {
  let files = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  // Hashed build files sit at the top of public/, Gatsby's hashed assets under static/: the page
  // folders (thousands at catalogue scale) hold none, so they are not walked.
  const staticDir = path.join(publicDir, "static");
  const entries = [
    ...readdirSync(publicDir, { withFileTypes: true }),
    ...(existsSync(staticDir) ? readdirSync(staticDir, { recursive: true, withFileTypes: true }) : []),
  ];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
    if (!precompressible(urlPath)) continue;
    const brFile = `${file}.br`;
    const gzFile = `${file}.gz`;
    if ((existsSync(brFile) && existsSync(gzFile)) || statSync(file).size < COMPRESS_MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    writeFileSync(brFile, br);
    writeFileSync(gzFile, zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }));
    files += 1;
    rawBytes += raw.length;
    brotliBytes += br.length;
  }
  return { files, rawBytes, brotliBytes };
}

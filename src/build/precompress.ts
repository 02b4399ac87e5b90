// Brotli and gzip copies of every build output worth compressing (`index.html.br` beside
// `index.html`), written once after the build. The production server sends them as they are
// (`@fastify/static`'s preCompressed) and never compresses a build output per request (issue 43:
// one brotli encoder per response took a server from 81 MiB to 3.7 GiB under 1,500 clients).
//
// Content-hashed files get brotli's best quality: their copies are made once, since a changed file
// gets a new name. Everything else (HTML, page data, /sw.js, the site's JSON) is rewritten in place
// by the next build, so its copies are made again whenever the file is newer than them, at a
// quality a catalogue of 10,000 pages can afford (a 100 KB film page: brotli 11 takes 150 ms,
// brotli 6 under 3 ms for 11 % more bytes, as much as the per-request quality 5 gave before).
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { pathKindOf } from "../lib/path-kinds";

/** Types worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|xml|txt|webmanifest|ics)$/i;
/** Below this, compression gains less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;
/** The encodings a copy is made in, in the order the server prefers them. */
export const COPY_ENCODINGS = ["br", "gzip"] as const;
export type CopyEncoding = (typeof COPY_ENCODINGS)[number];
/** A copy's file name suffix. */
export const COPY_SUFFIX: Readonly<Record<CopyEncoding, string>> = { br: ".br", gzip: ".gz" };
/** Brotli quality for files rewritten in place (see above). */
const REBUILT_BROTLI_QUALITY = 6;
/** Files compressed at once: zlib's async calls run on libuv's pool (4 threads). */
const CONCURRENCY = 4;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressResult {
  /** Files that got new copies this run. */
  readonly files: number;
  readonly rawBytes: number;
  readonly brotliBytes: number;
  /** Copies removed because their file is gone. */
  readonly removed: number;
}

/** Whether a public/ path ("/films/x/index.html") gets compressed copies, given its size. */
export function precompressible(urlPath: string, bytes = COMPRESS_MIN_BYTES): boolean {
  return COMPRESSIBLE.test(urlPath) && bytes >= COMPRESS_MIN_BYTES;
}

/** The brotli and gzip copies of one file's content; `immutable` when its name carries its hash. */
export async function compressedCopies(raw: Buffer, immutable: boolean): Promise<Record<CopyEncoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: immutable ? zlib.constants.BROTLI_MAX_QUALITY : REBUILT_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/** Writes a file's copies beside it (`file.br`, `file.gz`). */
export async function writeCompressedCopies(file: string, raw: Buffer, immutable: boolean): Promise<number> {
  const copies = await compressedCopies(raw, immutable);
  await Promise.all(COPY_ENCODINGS.map((encoding) => writeFile(`${file}${COPY_SUFFIX[encoding]}`, copies[encoding])));
  return copies.br.length;
}

const mtimeOf = (file: string): number | null => (existsSync(file) ? statSync(file).mtimeMs : null);

/**
 * Writes the missing or stale `.br` and `.gz` copies of the build outputs under `publicDir`, and
 * removes the copies of files a build removed (a dropped page's copies would linger otherwise).
 */
export async function precompressBuild(publicDir: string): Promise<PrecompressResult> {
  const jobs: { file: string; immutable: boolean }[] = [];
  const orphans: string[] = [];
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const copyOf = /\.(?:br|gz)$/.exec(entry.name) ? file.slice(0, -3) : null;
    if (copyOf !== null) {
      // Only a copy we would have made: an operator's own `data.csv.gz` is a file in its own right.
      if (COMPRESSIBLE.test(copyOf) && !existsSync(copyOf)) orphans.push(file);
      continue;
    }
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
    const stat = statSync(file);
    if (!precompressible(urlPath, stat.size)) continue;
    const immutable = pathKindOf(urlPath) === "immutable";
    const copies = COPY_ENCODINGS.map((encoding) => mtimeOf(`${file}${COPY_SUFFIX[encoding]}`));
    const fresh = copies.every((mtime) => mtime !== null && (immutable || mtime >= stat.mtimeMs));
    if (!fresh) jobs.push({ file, immutable });
  }
  let rawBytes = 0;
  let brotliBytes = 0;
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const raw = await readFile(job.file);
      rawBytes += raw.length;
      brotliBytes += await writeCompressedCopies(job.file, raw, job.immutable);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await Promise.all(orphans.map((file) => rm(file, { force: true })));
  return { files: jobs.length, rawBytes, brotliBytes, removed: orphans.length };
}

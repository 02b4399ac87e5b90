// The build's small files, kept in memory once read, so the pages a crowd asks for are answered
// without touching the disk. `@fastify/static` makes four file-system calls per response (stat,
// open, read, close), each a round trip through libuv's pool of four threads: under issue 43's
// flood (1,500 brotli clients) that held the server near 2,000 responses a second with its CPU a
// quarter idle, and some clients waited past 10 s; /healthz on the same server made 10,500.
//
// What is kept answers only the plain case, a whole 200: a request with a Range or a condition
// (If-None-Match, If-Modified-Since, …) goes to `@fastify/static` as before, and gets the same
// ETag and Last-Modified, made here the way `send` makes them. The server already treats public/
// as fixed for a release's life (it lists the files once per release); a file is read once, on its first
// request, which `@fastify/static` answers meanwhile. Bounded: files up to MAX_KEPT_FILE_BYTES,
// MAX_KEPT_BYTES in all, first come first kept.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import send from "@fastify/send";
import type { IncomingHttpHeaders } from "node:http";
import { COPY_SUFFIX, type CopyEncoding } from "../../build/precompress";

export const MAX_KEPT_FILE_BYTES = 256 * 1024;
export const MAX_KEPT_BYTES = 64 * 1024 * 1024;

export interface KeptFile {
  readonly body: Buffer;
  /** Content-Type, Content-Length, ETag, Last-Modified, Accept-Ranges (and Content-Encoding for a copy). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Headers that make a response other than the whole file: left to `@fastify/static`. */
const CONDITIONAL = ["range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"] as const;

export function isPlainRequest(headers: IncomingHttpHeaders): boolean {
  return CONDITIONAL.every((name) => headers[name] === undefined);
}

/** As `@fastify/static` types a file (its getContentType): UTF-8 text types get their charset. */
function contentTypeOf(file: string): string {
  const type = send.mime.getType(file) ?? "application/octet-stream";
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

export interface MemoryFiles {
  /**
   * The file (`/films/x/index.html` under `publicDir`), or its copy in `encoding`, if it is kept;
   * else undefined, and it is read for the next request when it is small enough.
   */
  get(publicDir: string, file: string, encoding: CopyEncoding | undefined): KeptFile | undefined;
  /** Lets go of what is kept of `publicDir` (a release a publish replaced), freeing its share of the total. */
  forget(publicDir: string): void;
}

/** A read under way, and what it has counted against the total (its size, once known). */
interface Reading {
  bytes: number;
}

export function memoryFiles(limits = { file: MAX_KEPT_FILE_BYTES, total: MAX_KEPT_BYTES }): MemoryFiles {
  // A read is known by its own record: one that finds another record (or none) in its place has
  // been let go of, with its release, and forget() has given its share of the total back at once,
  // so a read of a replaced release never fills the total its successor's files are read into.
  const kept = new Map<string, KeptFile | Reading | "not kept">();
  let total = 0;
  const isKept = (entry: KeptFile | Reading | "not kept" | undefined): entry is KeptFile =>
    typeof entry === "object" && "body" in entry;

  const read = async (served: string, file: string, encoding: CopyEncoding | undefined, reading: Reading) => {
    try {
      const stats = await stat(served);
      if (kept.get(served) !== reading) return;
      if (stats.size > limits.file || total + stats.size > limits.total) return void kept.set(served, "not kept");
      // Counted before the read, so that reads under way together stay within the total.
      reading.bytes = stats.size;
      total += reading.bytes;
      const body = await readFile(served);
      if (kept.get(served) !== reading) return;
      // As `send` makes them (a weak ETag of size and mtime), so that a later conditional request,
      // answered by `@fastify/static`, matches what was sent from here.
      kept.set(served, {
        body,
        headers: {
          "Content-Type": contentTypeOf(file),
          "Content-Length": String(body.length),
          ETag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
          "Last-Modified": stats.mtime.toUTCString(),
          "Accept-Ranges": "bytes",
          ...(encoding ? { "Content-Encoding": encoding } : {}),
        },
      });
    } catch {
      if (kept.get(served) !== reading) return;
      total -= reading.bytes;
      kept.set(served, "not kept");
    }
  };

  return {
    get(publicDir, file, encoding) {
      const served = path.join(publicDir, encoding ? `${file}${COPY_SUFFIX[encoding]}` : file);
      const entry = kept.get(served);
      if (entry === undefined) {
        const reading: Reading = { bytes: 0 };
        kept.set(served, reading);
        void read(served, file, encoding, reading);
      }
      return isKept(entry) ? entry : undefined;
    },
    forget(publicDir) {
      const prefix = publicDir.endsWith(path.sep) ? publicDir : `${publicDir}${path.sep}`;
      for (const [served, entry] of kept) {
        if (!served.startsWith(prefix)) continue;
        if (isKept(entry)) total -= entry.body.length;
        else if (entry !== "not kept") total -= entry.bytes;
        kept.delete(served);
      }
    },
  };
}

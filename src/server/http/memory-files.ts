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

export function memoryFiles(limits = { file: MAX_KEPT_FILE_BYTES, total: MAX_KEPT_BYTES }): MemoryFiles {
  const kept = new Map<string, KeptFile | "reading" | "not kept">();
  let total = 0;

  const read = async (served: string, file: string, encoding: CopyEncoding | undefined) => {
    let reserved = 0;
    try {
      const stats = await stat(served);
      if (stats.size > limits.file || total + stats.size > limits.total) return void kept.set(served, "not kept");
      // Counted before the read, so that reads under way together stay within the total.
      reserved = stats.size;
      total += reserved;
      const body = await readFile(served);
      // Its release was let go of while it was read.
      if (kept.get(served) !== "reading") {
        total -= reserved;
        return;
      }
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
      total -= reserved;
      kept.set(served, "not kept");
    }
  };

  return {
    get(publicDir, file, encoding) {
      const served = path.join(publicDir, encoding ? `${file}${COPY_SUFFIX[encoding]}` : file);
      const entry = kept.get(served);
      if (entry === undefined) {
        kept.set(served, "reading");
        void read(served, file, encoding);
      }
      return typeof entry === "object" ? entry : undefined;
    },
    forget(publicDir) {
      const prefix = publicDir.endsWith(path.sep) ? publicDir : `${publicDir}${path.sep}`;
      for (const [served, entry] of kept) {
        if (!served.startsWith(prefix)) continue;
        if (typeof entry === "object") total -= entry.body.length;
        kept.delete(served);
      }
    },
  };
}

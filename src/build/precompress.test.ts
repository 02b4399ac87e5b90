import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { precompressHashedFiles, precompressible } from "./precompress";
import { itReturns } from "../test/tables";

describe("which files get compressed copies", () => {
  itReturns(precompressible, [
    ["/app-5d7d75befe713b102a52.js", true],
    ["/component---src-templates-film-template-tsx-0a1b2c3d4e5f60718293.js", true],
    ["/styles-0123456789abcdef0123.css", true],
    ["/static/0123456789abcdef/poster.svg", true],
    // Served no-cache and rewritten in place by the next build: a copy could go stale.
    ["/index.html", false],
    ["/films/index.html", false],
    ["/page-data/index/page-data.json", false],
    ["/sw.js", false],
    ["/film-index.json", false],
    // Already compressed.
    ["/fonts/inter-latin-wght-normal.3100e775.woff2", false],
  ], "%s → %s");
});

describe("precompressHashedFiles", () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const script = "console.log('a film page script');\n".repeat(200);
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "precompress-"));
    write("app-0123456789abcdef0123.js", script);
    write("tiny-0123456789abcdef0123.js", "x()");
    write("index.html", `<p>${"home ".repeat(500)}</p>`);
    write("page-data/index/page-data.json", JSON.stringify({ path: "/", pad: "x".repeat(4000) }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies of the hashed files that decompress to them, and nothing else", () => {
    const result = precompressHashedFiles(dir);
    expect(result).toEqual({ files: 1, rawBytes: script.length, brotliBytes: expect.any(Number) });
    expect(result.brotliBytes).toBeLessThan(script.length / 10);
    const file = path.join(dir, "app-0123456789abcdef0123.js");
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    for (const other of ["tiny-0123456789abcdef0123.js", "index.html", "page-data/index/page-data.json"]) {
      expect(existsSync(path.join(dir, `${other}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${other}.gz`))).toBe(false);
    }
  });

  it("leaves copies a previous build wrote (the same name is the same content)", () => {
    precompressHashedFiles(dir);
    const copy = path.join(dir, "app-0123456789abcdef0123.js.br");
    const before = statSync(copy).mtimeMs;
    expect(precompressHashedFiles(dir).files).toBe(0);
    expect(statSync(copy).mtimeMs).toBe(before);
  });
});

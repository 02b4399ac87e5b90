import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { precompressBuild, precompressible } from "./precompress";

describe("which files get compressed copies", () => {
  it.each([
      ["/app-5d7d75befe713b102a52.js", 5000, true],
      ["/component---src-templates-film-template-tsx-0a1b2c3d4e5f60718293.js", 5000, true],
      ["/styles-0123456789abcdef0123.css", 5000, true],
      ["/static/0123456789abcdef/poster.svg", 5000, true],
      // Every build output served no-cache too (issue 43): the server compresses none per request.
      ["/index.html", 5000, true],
      ["/films/index.html", 5000, true],
      ["/page-data/index/page-data.json", 5000, true],
      ["/sw.js", 5000, true],
      ["/film-index.json", 5000, true],
      ["/sitemap-0.xml", 5000, true],
      ["/robots.txt", 5000, true],
      ["/manifest.webmanifest", 5000, true],
      ["/films/x/calendar.ics", 5000, true],
      // Below 1 KiB a copy gains less than its headers cost.
      ["/404.html", 1023, false],
      ["/404.html", 1024, true],
      // Already compressed.
      ["/fonts/inter-latin-wght-normal.3100e775.woff2", 5000, false],
      ["/static/0123456789abcdef/poster.jpg", 5000, false],
  ] as const)("%s of %d bytes → %s", (urlPath, bytes, expected) => {
    expect(precompressible(urlPath, bytes)).toBe(expected);
  });
});

describe("precompressBuild", () => {
  let dir: string;
  const at = (file: string) => path.join(dir, file);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(at(file)), { recursive: true });
    writeFileSync(at(file), text);
  };
  const script = "console.log('a film page script');\n".repeat(200);
  const page = `<p>${"home ".repeat(500)}</p>`;
  const pageData = JSON.stringify({ path: "/", pad: "x".repeat(4000) });
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "precompress-"));
    write("app-0123456789abcdef0123.js", script);
    write("tiny-0123456789abcdef0123.js", "x()");
    write("index.html", page);
    write("page-data/index/page-data.json", pageData);
    write("fonts/face.0123abcd.woff2", "w".repeat(4000));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies of every compressible file over 1 KiB that decompress to it, and nothing else", async () => {
    const result = await precompressBuild(dir);
    expect(result).toEqual({
      files: 3,
      rawBytes: script.length + page.length + pageData.length,
      brotliBytes: expect.any(Number),
      removed: 0,
    });
    expect(result.brotliBytes).toBeLessThan(result.rawBytes / 10);
    for (const [file, text] of [
      ["app-0123456789abcdef0123.js", script],
      ["index.html", page],
      ["page-data/index/page-data.json", pageData],
    ]) {
      expect(zlib.brotliDecompressSync(readFileSync(at(`${file}.br`))).toString()).toBe(text);
      expect(zlib.gunzipSync(readFileSync(at(`${file}.gz`))).toString()).toBe(text);
    }
    for (const other of ["tiny-0123456789abcdef0123.js", "fonts/face.0123abcd.woff2"]) {
      expect(existsSync(at(`${other}.br`))).toBe(false);
      expect(existsSync(at(`${other}.gz`))).toBe(false);
    }
  });

  it("leaves the copies of unchanged files, and makes again those of a page the next build rewrote", async () => {
    await precompressBuild(dir);
    const hashedCopy = statSync(at("app-0123456789abcdef0123.js.br")).mtimeMs;
    expect((await precompressBuild(dir)).files).toBe(0);
    expect(statSync(at("app-0123456789abcdef0123.js.br")).mtimeMs).toBe(hashedCopy);
    // The next build rewrites the page in place, later than its copies.
    const rewritten = `<p>${"changed ".repeat(500)}</p>`;
    write("index.html", rewritten);
    const later = new Date(statSync(at("index.html.br")).mtimeMs + 5_000);
    utimesSync(at("index.html"), later, later);
    expect(await precompressBuild(dir)).toMatchObject({ files: 1, rawBytes: rewritten.length });
    expect(zlib.brotliDecompressSync(readFileSync(at("index.html.br"))).toString()).toBe(rewritten);
    expect(zlib.gunzipSync(readFileSync(at("index.html.gz"))).toString()).toBe(rewritten);
  });

  it("removes the copies of a file the build removed, and leaves an operator's own compressed file", async () => {
    await precompressBuild(dir);
    rmSync(at("page-data/index/page-data.json"));
    write("downloads/programme.csv.gz", "not ours");
    expect((await precompressBuild(dir)).removed).toBe(2);
    expect(existsSync(at("page-data/index/page-data.json.br"))).toBe(false);
    expect(existsSync(at("page-data/index/page-data.json.gz"))).toBe(false);
    expect(readFileSync(at("downloads/programme.csv.gz"), "utf8")).toBe("not ours");
  });
});

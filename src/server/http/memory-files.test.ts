import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as fsPromises from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isPlainRequest, memoryFiles } from "./memory-files";
import { itReturns } from "../../test/tables";

// readFile as it is, unless a test holds one read back (a slow disk).
jest.mock("node:fs/promises", () => {
  const actual = jest.requireActual<typeof import("node:fs/promises")>("node:fs/promises");
  return { ...actual, readFile: jest.fn(actual.readFile) };
});
const readFile = fsPromises.readFile as unknown as jest.Mock;

describe("which requests the kept files answer: a whole 200 only", () => {
  itReturns(isPlainRequest, [
    [{}, true],
    [{ "accept-encoding": "br" }, true],
    [{ range: "bytes=0-10" }, false],
    [{ "if-none-match": 'W/"1-2"' }, false],
    [{ "if-modified-since": "Sun, 29 Nov 2026 11:00:00 GMT" }, false],
    [{ "if-match": "*" }, false],
    [{ "if-unmodified-since": "Sun, 29 Nov 2026 11:00:00 GMT" }, false],
  ]);
});

describe("memoryFiles", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "memory-files-"));
    writeFileSync(path.join(dir, "index.html"), "<p>home</p>");
    writeFileSync(path.join(dir, "index.html.br"), "brotli bytes");
    writeFileSync(path.join(dir, "big.json"), "x".repeat(64));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** Until `done()` holds: the reads are on libuv's pool, slow on a busy machine (no fixed wait). */
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !done();) {
      if (Date.now() > deadline) throw new Error("the files were not read within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("keeps a file from its first request on, with send's headers, and each copy apart", async () => {
    const files = memoryFiles();
    expect(files.get(dir, "/index.html", undefined)).toBeUndefined();
    expect(files.get(dir, "/index.html", "br")).toBeUndefined();
    await until(() => !!files.get(dir, "/index.html", undefined) && !!files.get(dir, "/index.html", "br"));
    const plain = files.get(dir, "/index.html", undefined);
    expect(plain?.body.toString()).toBe("<p>home</p>");
    expect(plain?.headers).toMatchObject({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": "11",
      ETag: expect.stringMatching(/^W\/"b-[0-9a-f]+"$/),
      "Accept-Ranges": "bytes",
    });
    expect(plain?.headers["Content-Encoding"]).toBeUndefined();
    // Read once: the disk is not asked again.
    rmSync(path.join(dir, "index.html.br"));
    const br = files.get(dir, "/index.html", "br");
    expect(br?.body.toString()).toBe("brotli bytes");
    expect(br?.headers).toMatchObject({ "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br" });
  });

  it("keeps no file over its bound, nor past the total, nor one it cannot read", async () => {
    const files = memoryFiles({ file: 32, total: 20 });
    files.get(dir, "/big.json", undefined);
    files.get(dir, "/index.html", undefined);
    files.get(dir, "/index.html", "br");
    files.get(dir, "/missing.html", undefined);
    // One of the two index files is kept once read (which one depends on the order the reads end).
    await until(() => !!files.get(dir, "/index.html", undefined) || !!files.get(dir, "/index.html", "br"));
    expect(files.get(dir, "/big.json", undefined)).toBeUndefined();
    expect(files.get(dir, "/missing.html", undefined)).toBeUndefined();
    // 11 bytes kept, then 12 more would pass the 20 in all.
    expect(
      [files.get(dir, "/index.html", undefined), files.get(dir, "/index.html", "br")].filter(Boolean),
    ).toHaveLength(1);
  });

  /** A second release's folder with an index page of the same size, for the duration of `use`. */
  const withNextRelease = async (test: (next: string) => Promise<void>) => {
    const next = mkdtempSync(path.join(os.tmpdir(), "memory-files-next-"));
    try {
      writeFileSync(path.join(next, "index.html"), "<p>next</p>");
      await test(next);
    } finally {
      rmSync(next, { recursive: true, force: true });
    }
  };

  it("lets go of a replaced release's files, and of their share of the total", () =>
    withNextRelease(async (next) => {
      // Room for one index page in all.
      const files = memoryFiles({ file: 32, total: 11 });
      files.get(dir, "/index.html", undefined);
      await until(() => !!files.get(dir, "/index.html", undefined));
      files.forget(dir);
      files.get(next, "/index.html", undefined);
      await until(() => !!files.get(next, "/index.html", undefined));
      expect(files.get(next, "/index.html", undefined)?.body.toString()).toBe("<p>next</p>");
    }));

  it("a file still being read when its release is let go of is not kept", () =>
    withNextRelease(async (next) => {
      const files = memoryFiles({ file: 32, total: 11 });
      files.get(dir, "/index.html", undefined);
      files.forget(dir);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Had that read been kept, the next release's page would not fit.
      files.get(next, "/index.html", undefined);
      await until(() => !!files.get(next, "/index.html", undefined));
    }));

  it("a read already counted against the total gives its share back when its release is let go of", () =>
    withNextRelease(async (next) => {
      let finish: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const actual = jest.requireActual<typeof import("node:fs/promises")>("node:fs/promises");
      readFile.mockImplementationOnce(async (...args: Parameters<typeof actual.readFile>) => {
        await held;
        return actual.readFile(...args);
      });
      readFile.mockClear();
      const files = memoryFiles({ file: 32, total: 11 });
      files.get(dir, "/index.html", undefined);
      // Its size is counted once its read has begun.
      await until(() => readFile.mock.calls.length > 0);
      files.forget(dir);
      // The next release's page fits the whole total while the old read is still under way.
      files.get(next, "/index.html", undefined);
      await until(() => !!files.get(next, "/index.html", undefined));
      finish();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(files.get(next, "/index.html", undefined)?.body.toString()).toBe("<p>next</p>");
      expect(files.get(dir, "/index.html", undefined)).toBeUndefined();
    }));
});

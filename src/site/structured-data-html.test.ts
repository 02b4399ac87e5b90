import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  readStructuredDataFile,
  readStructuredDataLedger,
  withStructuredData,
  writeStructuredData,
  writeStructuredDataFile,
  writeStructuredDataLedger,
  type StructuredDataLedger,
} from "./structured-data-html";

const page = (bodyEnd: string, head = "") =>
  `<!DOCTYPE html><html><head><title>x</title>${head}</head><body><p>x</p>${bodyEnd}</body></html>`;
const ld = (text: string) => `<script type="application/ld+json">${text}</script>`;

describe("withStructuredData", () => {
  it.each([
    ["a page without JSON-LD gets it at the end of its body", page(""), page(ld('{"a":1}'))],
    ["an older graph is replaced, not repeated", page(ld('{"a":0}')), page(ld('{"a":1}'))],
    ["a page that already has it is left alone", page(ld('{"a":1}')), null],
    ["the same graph in the head (an earlier build) moves to the body", page("", ld('{"a":1}')), page(ld('{"a":1}'))],
  ])("%s", (_, html, expected) => {
    expect(withStructuredData(html, '{"a":1}')).toBe(expected);
  });

  it("HTML without a body is left alone", () => {
    expect(withStructuredData("<p>x</p>", "{}")).toBeNull();
  });
});

describe("writeStructuredData", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "structured-data-"));
    mkdirSync(path.join(dir, "films", "1-a"), { recursive: true });
    writeFileSync(path.join(dir, "films", "1-a", "index.html"), page(""));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each page's graph once; a page without HTML (deferred) is skipped", async () => {
    const byPath = { "/films/1-a/": '{"@type":"Movie"}', "/films/2-deferred/": "{}" };
    expect(await writeStructuredData(dir, Object.entries(byPath))).toBe(1);
    expect(readFileSync(path.join(dir, "films", "1-a", "index.html"), "utf8")).toBe(page(ld('{"@type":"Movie"}')));
    expect(await writeStructuredData(dir, Object.entries(byPath))).toBe(0);
  });

  it("reads back, line by line, what the build wrote: texts with newlines, quotes and accents intact", async () => {
    const file = path.join(dir, "structured-data.ndjson");
    const written: [string, string][] = [
      ["/films/1-a/", '{"name":"L\'été \\"chaud\\"","description":"ligne 1\\nligne 2"}'],
      ["/cinemas/nord/", '{"@type":"MovieTheater"}'],
    ];
    await writeStructuredDataFile(file, written);
    const read = [];
    for await (const entry of readStructuredDataFile(file)) read.push(entry);
    expect(read).toEqual(written);
    expect(await writeStructuredData(dir, readStructuredDataFile(file))).toBe(1);
  });

  it("reads lines that straddle the reader's chunks, and a last line without its newline", async () => {
    const file = path.join(dir, "large.ndjson");
    // 300 graphs of ~10 KB: 3 MB, read 1 MB at a time, so lines are cut at chunk edges.
    const written = Array.from({ length: 300 }, (_, i): [string, string] => [
      `/films/${i}-f/`,
      JSON.stringify({ name: `Film ${i} — « été »`, description: "x".repeat(10_000 + i) }),
    ]);
    writeFileSync(file, written.map((entry) => JSON.stringify(entry)).join("\n"));
    const read = [];
    for await (const entry of readStructuredDataFile(file)) read.push(entry);
    expect(read).toEqual(written);
  });

  it("names the file when a line is not [path, text]", async () => {
    const file = path.join(dir, "broken.ndjson");
    writeFileSync(file, '["/films/1-a/", 3]\n');
    await expect(writeStructuredData(dir, readStructuredDataFile(file))).rejects.toThrow(
      `${file}: a line is not [path, JSON-LD text]`,
    );
  });

  describe("with the ledger of the previous run", () => {
    const html = () => path.join(dir, "films", "1-a", "index.html");
    const graph = '{"@type":"Movie"}';
    let ledger: StructuredDataLedger;
    beforeEach(async () => {
      ledger = new Map();
      await writeStructuredData(dir, [["/films/1-a/", graph]], ledger);
    });

    it("does not read a page whose file and JSON-LD are as it recorded", async () => {
      // Same size and time, other bytes: only a file the ledger trusts would keep them.
      const { atime, mtime } = statSync(html());
      const trusted = readFileSync(html(), "utf8").replace("<p>x</p>", "<p>y</p>");
      writeFileSync(html(), trusted);
      utimesSync(html(), atime, mtime);
      expect(await writeStructuredData(dir, [["/films/1-a/", graph]], ledger)).toBe(0);
      expect(readFileSync(html(), "utf8")).toBe(trusted);
    });

    it.each([
      ["Gatsby rendered the page again (without JSON-LD)", () => writeFileSync(html(), page("")), graph],
      ["the page's JSON-LD changed", () => undefined, '{"@type":"Movie","name":"B"}'],
    ])("writes it again when %s", async (_, change, text) => {
      change();
      expect(await writeStructuredData(dir, [["/films/1-a/", text]], ledger)).toBe(1);
      expect(readFileSync(html(), "utf8")).toBe(page(ld(text)));
      expect(await writeStructuredData(dir, [["/films/1-a/", text]], ledger)).toBe(0);
    });

    it("forgets pages the build no longer has, and round-trips through its file", async () => {
      const file = path.join(dir, "ledger.json");
      writeStructuredDataLedger(file, ledger);
      expect(readStructuredDataLedger(file)).toEqual(ledger);
      await writeStructuredData(dir, [], ledger);
      expect(ledger.size).toBe(0);
    });

    it.each([
      ["missing", null],
      ["not JSON", "{"],
      ["not an object", "[1]"],
    ])("a ledger file that is %s counts as empty: every page is checked", (_, content) => {
      const file = path.join(dir, "ledger.json");
      if (content !== null) writeFileSync(file, content);
      expect(readStructuredDataLedger(file).size).toBe(0);
    });
  });
});

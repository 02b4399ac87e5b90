import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  generatorVersion,
  readStructuredDataLedger,
  withStructuredData,
  writeStructuredData,
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

/** A page whose JSON-LD is `text`, made from inputs `inputs`; counts how often it is made. */
function pageOf(pagePath: string, text: string, inputs = text) {
  const made = jest.fn(() => text);
  return { path: pagePath, inputs, text: made, made };
}

describe("writeStructuredData", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "structured-data-"));
    mkdirSync(path.join(dir, "films", "1-a"), { recursive: true });
    writeFileSync(path.join(dir, "films", "1-a", "index.html"), page(""));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each page's graph once; a page without HTML (deferred) is skipped, its graph not even made", () => {
    const film = pageOf("/films/1-a/", '{"@type":"Movie"}');
    const deferred = pageOf("/films/2-deferred/", "{}");
    expect(writeStructuredData(dir, [film, deferred])).toBe(1);
    expect(readFileSync(path.join(dir, "films", "1-a", "index.html"), "utf8")).toBe(page(ld('{"@type":"Movie"}')));
    expect(deferred.made).not.toHaveBeenCalled();
    expect(writeStructuredData(dir, [film, deferred])).toBe(0);
  });

  describe("with the ledger of the previous run", () => {
    const html = () => path.join(dir, "films", "1-a", "index.html");
    const graph = '{"@type":"Movie"}';
    let ledger: StructuredDataLedger;
    beforeEach(() => {
      ledger = new Map();
      writeStructuredData(dir, [pageOf("/films/1-a/", graph)], { ledger, generator: "v1" });
    });

    it("neither makes nor reads a page's JSON-LD when its file and inputs are as it recorded", () => {
      // A whole-second time, which the file system keeps exactly; the ledger records it.
      utimesSync(html(), 1_700_000_000, 1_700_000_000);
      writeStructuredData(dir, [pageOf("/films/1-a/", graph)], { ledger, generator: "v1" });
      // Same size and time, other bytes: only a file the ledger trusts would keep them.
      const trusted = readFileSync(html(), "utf8").replace("<p>x</p>", "<p>y</p>");
      writeFileSync(html(), trusted);
      utimesSync(html(), 1_700_000_000, 1_700_000_000);
      const same = pageOf("/films/1-a/", graph);
      expect(writeStructuredData(dir, [same], { ledger, generator: "v1" })).toBe(0);
      expect(same.made).not.toHaveBeenCalled();
      expect(readFileSync(html(), "utf8")).toBe(trusted);
    });

    const changed = '{"@type":"Movie","name":"B"}';
    it.each([
      ["Gatsby rendered the page again (without JSON-LD)", () => writeFileSync(html(), page("")), graph, graph, "v1"],
      ["the page's inputs changed", () => undefined, changed, changed, "v1"],
      ["other code makes the JSON-LD (same inputs, new text)", () => undefined, changed, graph, "v2"],
    ])("makes and writes it again when %s", (_, change, text, inputs, generator) => {
      change();
      expect(writeStructuredData(dir, [pageOf("/films/1-a/", text, inputs)], { ledger, generator })).toBe(1);
      expect(readFileSync(html(), "utf8")).toBe(page(ld(text)));
      expect(writeStructuredData(dir, [pageOf("/films/1-a/", text, inputs)], { ledger, generator })).toBe(0);
    });

    it("forgets pages the build no longer has, and round-trips through its file", () => {
      const file = path.join(dir, "ledger.json");
      writeStructuredDataLedger(file, ledger);
      expect(readStructuredDataLedger(file)).toEqual(ledger);
      writeStructuredData(dir, [], { ledger });
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

describe("generatorVersion", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), "generator-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is the same for the same code and changes with it", () => {
    const file = path.join(dir, "gatsby-node.js");
    writeFileSync(file, "exports.a = 1;");
    const first = generatorVersion(file);
    expect(generatorVersion(file)).toBe(first);
    writeFileSync(file, "exports.a = 2;");
    expect(generatorVersion(file)).not.toBe(first);
  });

  it("is new on every call when the code cannot be read, so nothing is trusted", () => {
    const missing = path.join(dir, "missing.js");
    expect(generatorVersion(missing)).not.toBe(generatorVersion(missing));
  });
});

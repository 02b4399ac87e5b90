import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withStructuredData, writeStructuredData } from "./structured-data-html";

const page = (head: string) => `<!DOCTYPE html><html><head><title>x</title>${head}</head><body><p>x</p></body></html>`;
const ld = (text: string) => `<script type="application/ld+json">${text}</script>`;

describe("withStructuredData", () => {
  it.each([
    ["a page without JSON-LD gets it at the end of its head", page(""), page(ld('{"a":1}'))],
    ["an older graph is replaced, not repeated", page(ld('{"a":0}')), page(ld('{"a":1}'))],
    ["a page that already has it is left alone", page(ld('{"a":1}')), null],
  ])("%s", (_, html, expected) => {
    expect(withStructuredData(html, '{"a":1}')).toBe(expected);
  });

  it("HTML without a head is left alone", () => {
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

  it("writes each page's graph once; a page without HTML (deferred) is skipped", () => {
    const byPath = { "/films/1-a/": '{"@type":"Movie"}', "/films/2-deferred/": "{}" };
    expect(writeStructuredData(dir, byPath)).toBe(1);
    expect(readFileSync(path.join(dir, "films", "1-a", "index.html"), "utf8")).toBe(page(ld('{"@type":"Movie"}')));
    expect(writeStructuredData(dir, byPath)).toBe(0);
  });
});

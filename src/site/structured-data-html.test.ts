import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  readStructuredDataFile,
  withStructuredData,
  writeStructuredData,
  writeStructuredDataFile,
} from "./structured-data-html";

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

  it("names the file when a line is not [path, text]", async () => {
    const file = path.join(dir, "broken.ndjson");
    writeFileSync(file, '["/films/1-a/", 3]\n');
    await expect(writeStructuredData(dir, readStructuredDataFile(file))).rejects.toThrow(
      `${file}: a line is not [path, JSON-LD text]`,
    );
  });
});

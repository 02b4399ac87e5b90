import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inlineScriptHashes, listPublicFiles, siteInlineScriptHashes } from "./site-files";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes the text of inline scripts exactly, skipping external scripts and data blocks", () => {
    const html = [
      `<script id="gatsby-script-loader" data-page-path="/x/">window.pagePath=document.currentScript.getAttribute("data-page-path");</script>`,
      `<script src="/app-0123456789abcdef0123.js" async></script>`,
      `<script type="application/ld+json">{"@type":"Movie"}</script>`,
      `<script type="text/javascript">\n  a = 1;\n</script>`,
      `<SCRIPT>b()</SCRIPT >`,
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha(`window.pagePath=document.currentScript.getAttribute("data-page-path");`),
      sha("\n  a = 1;\n"),
      sha("b()"),
    ]);
  });
});

describe("listPublicFiles and siteInlineScriptHashes", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "site-files-"));
    mkdirSync(path.join(dir, "a", "b"), { recursive: true });
    writeFileSync(path.join(dir, "index.html"), "<script>one()</script>");
    writeFileSync(path.join(dir, "a", "b", "index.html"), "<script>one()</script><script>two()</script>");
    writeFileSync(path.join(dir, "a", "x.js"), "<script>not html()</script>");
    writeFileSync(path.join(dir, "_headers"), "/*\n  X: y\n");
    writeFileSync(path.join(dir, "_redirects"), "");
    mkdirSync(path.join(dir, "workbox-v4.3.1"));
    writeFileSync(path.join(dir, "workbox-v4.3.1", "workbox-sw.js.map"), "{}");
    writeFileSync(path.join(dir, "webpack.stats.json"), "{}");
    writeFileSync(path.join(dir, "chunk-map.json"), "{}");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists every file as a URL path, without the platform's own files or the build's (stats, chunk map, source maps)", () => {
    expect(listPublicFiles(dir)).toEqual(["/a/b/index.html", "/a/x.js", "/index.html"]);
  });

  it("collects each distinct inline script of every page once", () => {
    expect(siteInlineScriptHashes(dir, listPublicFiles(dir))).toEqual([sha("one()"), sha("two()")].sort());
  });
});

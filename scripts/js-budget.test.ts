// What the first-load budget counts of a page's scripts.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scriptsOf } from "./js-budget";

it("counts the site's own scripts and inline ones, not a third party's nor JSON data", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "js-budget-"));
  writeFileSync(path.join(dir, "app-1.js"), "console.log(1)");
  const html = [
    `<script src="/app-1.js" async></script>`,
    `<script>window.a=1</script>`,
    `<script id="didomi-config" type="application/json">{"a":1}</script>`,
    `<script type="application/ld+json">{}</script>`,
    `<script src="https://sdk.example/key/loader.js" async></script>`,
    `<script src="//cdn.example/x.js"></script>`,
  ].join("");
  expect(scriptsOf(html, dir).map((cost) => cost.src)).toEqual(["/app-1.js", "(inline)"]);
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(__filename);
const loader = require("./styled-server-sheet-loader.cjs") as ((source: string) => string) & { ADOPT_MODULE: string };

describe("the loader that lets styled-components take over the server's style sheet", () => {
  // The file the browser bundle takes (package.json "browser" of styled-components, for its "module").
  const file = path.join(
    path.dirname(require.resolve("styled-components/package.json")),
    "dist",
    "styled-components.browser.esm.js",
  );
  const source = readFileSync(file, "utf8");

  it("offers each server element to adoptServerSheet first, in the installed version", () => {
    const changed = loader(source);
    expect(changed.startsWith(`import { adoptServerSheet as __adoptServerSheet } from ${JSON.stringify(loader.ADOPT_MODULE)};\n`)).toBe(true);
    const calls = changed.match(/__adoptServerSheet\((\w+),(\w+),\{GroupedTag:\w+,CssomTag:\w+,rehydrateFromTag:(\w+),attribute:\w+,active:\w+\}\)\|\|\(\3\(\1,\2\)/g);
    expect(calls).toHaveLength(1);
  });

  it("changes nothing else", () => {
    const changed = loader(source).split("\n").slice(1).join("\n");
    const call = /__adoptServerSheet\(\w+,\w+,\{[^}]*\}\)\|\|\(/;
    const unwrapped = changed.replace(call, "").replace(/removeChild\((\w+)\)\)\)/, "removeChild($1))");
    expect(unwrapped).toBe(source);
  });

  it("leaves a text it does not know as it is", () => {
    const other = source.replace(/this\.groupSizes=new Uint32Array\(/, "this.sizes=new Uint32Array(");
    expect(loader(other)).toBe(other);
  });
});

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { oneTslibFile } from "./one-tslib";

const require = createRequire(__filename);
const versionOf = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;

describe("one tslib in the browser bundle", () => {
  const file = oneTslibFile(process.cwd());

  it("is react-intl's ES module build", () => {
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toMatch(/export function __assign|export var __assign/);
  });

  it("is the version the other intl packages install (none needs a helper it lacks)", () => {
    const version = versionOf(path.dirname(file));
    for (const pkg of ["@formatjs/intl", "intl-messageformat", "@formatjs/icu-messageformat-parser", "@formatjs/fast-memoize"]) {
      const entry = require.resolve(pkg);
      const tslib = path.dirname(createRequire(entry).resolve("tslib/package.json"));
      expect([pkg, versionOf(tslib)]).toEqual([pkg, version]);
    }
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(__filename);
const shortInvariant = require("./short-invariant-loader.cjs") as (source: string) => string;

describe("the loader that shortens @formatjs/intl's missing-id advice", () => {
  // The module the browser bundle takes (package.json "module" of @formatjs/intl).
  const file = path.join(path.dirname(require.resolve("@formatjs/intl/package.json")), "lib", "src", "message.js");
  const source = readFileSync(file, "utf8");

  it("keeps the invariant's first sentence and drops the advice in the installed version", () => {
    const shortened = shortInvariant(source);
    expect(source).toContain("eslint-plugin-formatjs");
    expect(shortened).not.toContain("eslint-plugin-formatjs");
    expect(shortened).toContain('"[@formatjs/intl] An `id` must be provided to format a message."');
    expect(source.length - shortened.length).toBeGreaterThan(300);
  });

  it("changes nothing else", () => {
    const start = source.indexOf('"[@formatjs/intl] An `id`');
    const end = source.indexOf('to autofix this issue"') + 'to autofix this issue"'.length;
    expect(shortInvariant(source)).toBe(
      `${source.slice(0, start)}"[@formatjs/intl] An \`id\` must be provided to format a message."${source.slice(end)}`,
    );
  });
});

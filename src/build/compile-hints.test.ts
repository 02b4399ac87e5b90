import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import webpack, { type Stats } from "webpack";
import { COMPILE_HINT, CompileHints, isFirstLoadGroup } from "./compile-hints";

describe("isFirstLoadGroup", () => {
  it.each([
    ["app", true],
    ["component---src-templates-film-template-tsx", true],
    ["polyfill", false],
    ["member-code", false],
    [null, false],
    [undefined, false],
  ])("%s → %s", (name, expected) => expect(isFirstLoadGroup(name)).toBe(expected));
});

// webpack is Gatsby's: the same package and version the build's compilers come from. Minified, as a
// production build is: the minifier drops comments, the hint must come after it.
describe("CompileHints", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    writeFileSync(
      path.join(dir, "entry.js"),
      [
        `import(/* webpackChunkName: "component---src-templates-film-template-tsx" */ "./template.js");`,
        `import(/* webpackChunkName: "member-code" */ "./lazy.js");`,
        `export const answer = 42;`,
      ].join("\n"),
    );
    writeFileSync(path.join(dir, "template.js"), "export default function Film() { return 'film'; }\n");
    writeFileSync(path.join(dir, "lazy.js"), "export default function Lazy() { return 'lazy'; }\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the hint first in the entry's and the templates' chunks, not in a lazily loaded one", async () => {
    const compiler = webpack({
      mode: "production",
      context: dir,
      entry: { app: "./entry.js" },
      output: { path: path.join(dir, "out"), filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js" },
      infrastructureLogging: { level: "none" },
      plugins: [new CompileHints()],
    });
    const stats = await new Promise<Stats>((resolve, reject) =>
      compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))),
    );
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    expect(stats.hasErrors()).toBe(false);

    const files = readdirSync(path.join(dir, "out"));
    const text = (prefix: string) => {
      const file = files.find((name) => name.startsWith(prefix));
      if (!file) throw new Error(`no ${prefix} file in ${files.join(", ")}`);
      return readFileSync(path.join(dir, "out", file), "utf8");
    };
    expect(text("app-").startsWith(COMPILE_HINT)).toBe(true);
    expect(text("component---src-templates-film-template-tsx-").startsWith(COMPILE_HINT)).toBe(true);
    expect(text("member-code-")).not.toContain("allFunctionsCalledOnLoad");
    // Still the minified program after the comment.
    expect(text("app-").split("\n")).toHaveLength(2);
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import webpack, { type Compiler, type Stats } from "webpack";
import { ReleaseClosedCompilation, type ClosableCompiler } from "./release-webpack-memory";

// webpack is Gatsby's: the same package and version the build's compilers come from.
describe("ReleaseClosedCompilation", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "release-compilation-"));
    writeFileSync(path.join(dir, "entry.js"), "export const answer = 42;\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const compilerWith = (plugins: webpack.WebpackPluginInstance[]): Compiler =>
    webpack({
      mode: "production",
      context: dir,
      entry: "./entry.js",
      output: { path: path.join(dir, "out") },
      cache: { type: "filesystem", cacheDirectory: path.join(dir, "cache") },
      infrastructureLogging: { level: "none" },
      plugins,
    });
  const run = (compiler: Compiler) =>
    new Promise<Stats>((resolve, reject) =>
      compiler.run((err, stats) => (err || !stats ? reject(err) : resolve(stats))),
    );
  const close = (compiler: Compiler) =>
    new Promise<void>((resolve, reject) => compiler.close((err) => (err ? reject(err) : resolve())));

  it("keeps the compilation while Gatsby reads the stats, and lets go of it once the compiler is closed", async () => {
    const compiler = compilerWith([new ReleaseClosedCompilation() as unknown as webpack.WebpackPluginInstance]);
    const stats = await run(compiler);
    // What Gatsby reads between the run and the close.
    expect(stats.hasErrors()).toBe(false);
    expect(stats.hash).toMatch(/^[0-9a-f]+$/);
    expect(stats.toJson({ all: false, warnings: true }).warnings).toEqual([]);
    await close(compiler);
    expect((stats as { compilation?: unknown }).compilation).toBeUndefined();
    // Nothing the compiler's plugins tapped is reachable through its hooks any more.
    expect(compiler.hooks.done.taps).toEqual([]);
    expect(compiler.hooks.compilation.taps).toEqual([]);
    // The persistent cache was written before it let go: the next build still starts warm.
    expect(existsSync(path.join(dir, "cache"))).toBe(true);
    expect(readdirSync(path.join(dir, "cache"), { recursive: true }).some((f) => String(f).endsWith(".pack"))).toBe(
      true,
    );
  });

  it("without it, a closed compiler's Stats still lead to the whole compilation (what it fixes)", async () => {
    const compiler = compilerWith([]);
    const stats = await run(compiler);
    await close(compiler);
    expect(stats.compilation.modules.size).toBeGreaterThan(0);
  });

  it("passes the cache's own shutdown error on", async () => {
    const failure = new Error("disk full");
    const compiler: ClosableCompiler = {
      hooks: { done: { tap: () => undefined } },
      cache: { hooks: {}, shutdown: (callback) => callback(failure) },
    };
    new ReleaseClosedCompilation().apply(compiler);
    const errors: unknown[] = [];
    compiler.cache.shutdown((err) => errors.push(err));
    expect(errors).toEqual([failure]);
  });
});

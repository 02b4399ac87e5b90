import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleSharpIntoQueryEngine, writeEngineStructuredData } from "./deferred-engines";
import { ENGINE_STRUCTURED_DATA_FILE } from "../lib/paths";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "deferred-engines-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, text = "x") => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

describe("deferred pages at build: Gatsby's engines made whole (spec §3 defer flags)", () => {
  it("copies sharp's native packages, and only those, into the query engine's own node_modules", () => {
    write("node_modules/sharp/package.json", "{}");
    write("node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64.node", "native");
    write("node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8", "lib");
    write("node_modules/@img/colour/index.js", "js");
    const copied = bundleSharpIntoQueryEngine(root, () => path.join(root, "node_modules/sharp/package.json"));
    expect(copied.sort()).toEqual(["sharp-libvips-linux-x64", "sharp-linux-x64"]);
    const engineModules = path.join(root, ".cache/query-engine/node_modules/@img");
    expect(readFileSync(path.join(engineModules, "sharp-linux-x64/lib/sharp-linux-x64.node"), "utf8")).toBe("native");
    expect(existsSync(path.join(engineModules, "sharp-libvips-linux-x64/lib/libvips-cpp.so.8"))).toBe(true);
    expect(existsSync(path.join(engineModules, "colour"))).toBe(false);
  });

  it("without sharp installed there is nothing to copy", () => {
    const missing = () => {
      throw Object.assign(new Error("Cannot find module 'sharp/package.json'"), { code: "MODULE_NOT_FOUND" });
    };
    expect(bundleSharpIntoQueryEngine(root, missing)).toEqual([]);
  });

  it("finds the project's own sharp install (as in a scratch copy, node_modules linked)", () => {
    write("package.json", "{}");
    symlinkSync(path.resolve(__dirname, "..", "..", "node_modules"), path.join(root, "node_modules"), "dir");
    const copied = bundleSharpIntoQueryEngine(root);
    expect(copied).toEqual(expect.arrayContaining([expect.stringMatching(/^sharp-(linux|darwin|win32)/)]));
    for (const name of copied)
      expect(existsSync(path.join(root, ".cache/query-engine/node_modules/@img", name))).toBe(true);
  });

  it("puts the deferred pages' JSON-LD, and only theirs, beside the page renderer", () => {
    write(".cache/page-ssr/index.js");
    const byPath = { "/films/1-a/": '{"@type":"Movie"}', "/films/2-b/": '{"@type":"Movie","name":"B"}' };
    writeEngineStructuredData(root, ["/films/2-b/", "/infos/"], byPath);
    const written = JSON.parse(readFileSync(path.join(root, ".cache/page-ssr", ENGINE_STRUCTURED_DATA_FILE), "utf8"));
    expect(written).toEqual({ "/films/2-b/": '{"@type":"Movie","name":"B"}' });
  });

  it("writes nothing when the build made no page renderer", () => {
    writeEngineStructuredData(root, [], {});
    expect(existsSync(path.join(root, ".cache/page-ssr"))).toBe(false);
  });
});

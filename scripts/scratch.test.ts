// The copies builds run in: without the tests, and without Gatsby Functions unless the build
// deploys to Netlify, the one host that runs them.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deploysFunctions, syncProject } from "./scratch";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "scratch-"));
  for (const file of ["src/pages/index.tsx", "src/pages/index.test.tsx", "src/test/harness.tsx", "src/api/cypher.ts"]) {
    mkdirSync(path.dirname(path.join(tmp, "root", file)), { recursive: true });
    writeFileSync(path.join(tmp, "root", file), "export {};\n");
  }
  mkdirSync(path.join(tmp, "root", "node_modules"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const copied = (dest: string, file: string) => existsSync(path.join(dest, file));

it.each([
  [{}, true],
  [{ withFunctions: true }, true],
  [{ withFunctions: false }, false],
])("syncProject(%j) copies the code, not its tests, and Functions: %s", (options, functions) => {
  const dest = path.join(tmp, "copy");
  syncProject(path.join(tmp, "root"), dest, { withSiteConfig: false, ...options });
  expect(copied(dest, "src/pages/index.tsx")).toBe(true);
  expect(copied(dest, "src/pages/index.test.tsx")).toBe(false);
  expect(copied(dest, "src/test/harness.tsx")).toBe(false);
  expect(copied(dest, "src/api/cypher.ts")).toBe(functions);
});

it("a copy synced again without Functions loses the ones an earlier sync left", () => {
  const dest = path.join(tmp, "copy");
  syncProject(path.join(tmp, "root"), dest, { withSiteConfig: false });
  syncProject(path.join(tmp, "root"), dest, { withSiteConfig: false, withFunctions: false });
  expect(copied(dest, "src/api/cypher.ts")).toBe(false);
});

it.each([
  [{ NETLIFY: "true" }, true],
  [{ NETLIFY: "false" }, false],
  [{}, false],
])("a build with %j deploys Functions: %s", (env, expected) => {
  expect(deploysFunctions(env)).toBe(expected);
});

// The bench's floor: a bare site on an install of its own, kept between runs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { floorInstall, floorInstallDir, floorVersions, writeFloorSite } from "./bench-floor-site";

const ROOT = path.resolve(__dirname, "..");
let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "bench-floor-"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

it("installs the project's own versions of gatsby, react and react-dom", () => {
  const versions = floorVersions(path.join(ROOT, "node_modules"));
  expect(Object.keys(versions)).toEqual(["gatsby", "react", "react-dom"]);
  expect(versions.gatsby).toMatch(/^5\.16\.\d+$/);
});

it.each([
  [{ BENCH_FLOOR_DIR: "/srv/floor" }, "/srv/floor"],
  [{}, path.join(os.homedir(), ".cache", "venue-bench-floor")],
])("keeps its install in %j → %s", (env, dir) => {
  expect(floorInstallDir(env)).toBe(dir);
});

it("reuses a kept install of the same versions without calling npm", () => {
  const dir = path.join(tmp, "install");
  const versions = floorVersions(path.join(ROOT, "node_modules"));
  mkdirSync(path.join(dir, "node_modules", "gatsby"), { recursive: true });
  writeFileSync(path.join(dir, "node_modules", "gatsby", "package.json"), "{}");
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bench-floor-install", private: true, dependencies: versions }, null, 2),
  );
  expect(floorInstall(ROOT, dir)).toEqual({ dir, installed: false });
});

it("writes a bare site whose pages carry only a title and a synopsis", () => {
  const site = path.join(tmp, "site");
  const film = { id: 7, title: "Orbite basse", synopsis: "Une station.", cast: ["Ada"], genres: ["SF"] };
  writeFloorSite(site, [film]);
  expect(JSON.parse(readFileSync(path.join(site, "pages.json"), "utf8"))).toEqual([
    { path: "/films/7/", context: { title: "Orbite basse", synopsis: "Une station." } },
  ]);
  // Gatsby builds only a site that depends on it.
  expect(JSON.parse(readFileSync(path.join(site, "package.json"), "utf8"))).toMatchObject({
    dependencies: { gatsby: "*", react: "*", "react-dom": "*" },
  });
});

// One site's build as the publisher calls it, where no Gatsby build is needed to tell: a broken
// configuration stops it before anything is copied, in the configuration's own words; and what a
// built copy deploys. The whole run, with a real build, is build-sites.sites.ts.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { liveReleaseOf, releasesOf } from "../src/server/http/site-releases";
import { buildSite, copyDeployable, releaseBuiltCopy } from "./build-sites";

const ROOT = path.resolve(__dirname, "..");
let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "build-sites-"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

it("a broken configuration is not built, and the failure names the file and the field", async () => {
  const configRoot = path.join(tmp, "config");
  cpSync(path.join(ROOT, "site-config", "lumiere"), path.join(configRoot, "lumiere"), { recursive: true });
  const settingsFile = path.join(configRoot, "lumiere", "settings.json");
  const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { loyalty: Record<string, unknown> };
  writeFileSync(settingsFile, JSON.stringify({ ...settings, loyalty: { ...settings.loyalty, version: 2 } }));
  const building = jest.fn();

  const build = await buildSite("lumiere", {
    configRoot,
    work: path.join(tmp, "work"),
    root: ROOT,
    env: {},
    onBuilding: building,
  });

  expect(build).toEqual({
    ok: false,
    stage: "config",
    message: expect.stringMatching(/settings\.json › loyalty\.version: /),
  });
  expect(building).not.toHaveBeenCalled();
  expect(existsSync(path.join(tmp, "work"))).toBe(false);
});

it("wrong editor origins stop the build before Gatsby, as `npm run build`'s check does", async () => {
  const configRoot = path.join(tmp, "config");
  cpSync(path.join(ROOT, "site-config", "lumiere"), path.join(configRoot, "lumiere"), { recursive: true });

  const build = await buildSite("lumiere", {
    configRoot,
    work: path.join(tmp, "work"),
    root: ROOT,
    env: { EDITOR_ORIGINS: "editor.example.com" },
  });

  expect(build).toEqual({
    ok: false,
    stage: "config",
    message: expect.stringMatching(/^The deploy settings are wrong: .*editor\.example\.com/),
  });
  expect(existsSync(path.join(tmp, "work"))).toBe(false);
});

/** A project as `npm run build` leaves it, its home page saying `home`. */
function builtProject(home: string): string {
  const project = path.join(tmp, "project");
  write(path.join(project, "public", "index.html"), home);
  write(path.join(project, ".cache", "venue", "server-settings.json"), '{"siteId":"lumiere"}');
  return project;
}

it("a built copy deploys its public folder, server settings, match paths and page renderer", () => {
  const project = builtProject("home");
  write(path.join(project, ".cache", "match-paths.json"), "[]");
  write(path.join(project, ".cache", "page-ssr", "index.js"), "module.exports = {}");
  write(path.join(project, ".cache", "webpack", "cache.pack"), "not deployed");

  const release = path.join(tmp, "release");
  copyDeployable(project, release);

  expect(readFileSync(path.join(release, "public", "index.html"), "utf8")).toBe("home");
  expect(readFileSync(path.join(release, "server-settings.json"), "utf8")).toBe('{"siteId":"lumiere"}');
  expect(existsSync(path.join(release, "match-paths.json"))).toBe(true);
  expect(existsSync(path.join(release, "page-ssr", "index.js"))).toBe(true);
  expect(existsSync(path.join(release, "webpack"))).toBe(false);
});

it("a built copy released goes live as the site's newest release, the oldest beyond the bound deleted", () => {
  const out = path.join(tmp, "dist");
  for (const home of ["first", "second", "third"]) releaseBuiltCopy(builtProject(home), out, "lumiere", 2);
  expect(readFileSync(path.join(out, "lumiere", "public", "index.html"), "utf8")).toBe("third");
  expect(readFileSync(path.join(out, "lumiere", "server-settings.json"), "utf8")).toBe('{"siteId":"lumiere"}');
  const releases = releasesOf(out, "lumiere");
  expect(releases).toHaveLength(2);
  expect(liveReleaseOf(out, "lumiere")).toBe(releases[1]);
});

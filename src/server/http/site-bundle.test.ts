import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUNDLE_SETTINGS_FILE, expandSiteDirs } from "./site-bundle";

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "site-bundle-"));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function site(dir: string): void {
  mkdirSync(path.join(dir, "public"), { recursive: true });
  writeFileSync(path.join(dir, BUNDLE_SETTINGS_FILE), "{}");
}

it("a folder of sites stands for its sites, plain or linked to a release, and not for the releases", () => {
  site(path.join(dist, "starlight"));
  site(path.join(dist, ".releases", "lumiere", "20261123T101502123Z-abcdef"));
  symlinkSync(path.join(".releases", "lumiere", "20261123T101502123Z-abcdef"), path.join(dist, "lumiere"));
  // A link being swapped in at that moment.
  symlinkSync(path.join(".releases", "lumiere", "20261123T101502123Z-abcdef"), path.join(dist, ".lumiere.0a1b.link"));

  expect(expandSiteDirs([dist])).toEqual([path.join(dist, "lumiere"), path.join(dist, "starlight")]);
});

it("a site directory stands for itself", () => {
  site(path.join(dist, "lumiere"));
  expect(expandSiteDirs([path.join(dist, "lumiere")])).toEqual([path.join(dist, "lumiere")]);
});

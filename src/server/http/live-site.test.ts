// Which release a live site serves, over a clock the test moves and a loader that reads only a
// release's name; the same over a real server and real requests is hot-swap.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { liveSite, RELEASE_CHECK_MS } from "./live-site";
import type { SiteBundle } from "./site-bundle";
import { makeLive, newReleaseId, releaseDirOf } from "./site-releases";

let out: string;
let clock: number;
let loads: string[];
let refusals: string[];
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), "live-site-"));
  clock = 0;
  loads = [];
  refusals = [];
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

/** A release whose file `site` names the site and domain it is ("lumiere www.cinema-lumiere.fr"), or "broken". */
function release(minute: number, site = "lumiere www.cinema-lumiere.fr"): string {
  const id = newReleaseId(Date.UTC(2026, 10, 23) + minute * 60_000, "abcdef");
  const dir = releaseDirOf(out, "lumiere", id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "site"), site);
  return id;
}

/** Reads what the server needs to know here: the release's folder, site and domain. */
function load(dir: string): SiteBundle {
  loads.push(path.basename(dir));
  const [siteId, domain] = readFileSync(path.join(dir, "site"), "utf8").split(" ");
  if (siteId === "broken") throw new Error("server-settings.json: not JSON");
  return { dir, settings: { siteId, domain } } as unknown as SiteBundle;
}

const open = () =>
  liveSite(path.join(out, "lumiere"), {
    load,
    now: () => clock,
    onRefused: (dir, error) => refusals.push(`${path.basename(dir)}: ${(error as Error).message}`),
  });
const servedRelease = (site: ReturnType<typeof open>) => path.basename(site.current().dir);

it("serves the release its link points to, and a new one once the check is due", () => {
  const first = release(0);
  makeLive(out, "lumiere", first);
  const site = open();
  expect(servedRelease(site)).toBe(first);
  const second = release(1);
  makeLive(out, "lumiere", second);
  clock += RELEASE_CHECK_MS - 1;
  expect(servedRelease(site)).toBe(first);
  clock += 1;
  expect(servedRelease(site)).toBe(second);
  expect(loads).toEqual([first, second]);
});

it("reads a release once, not at every check", () => {
  makeLive(out, "lumiere", release(0));
  const site = open();
  for (let check = 0; check < 5; check += 1) {
    clock += RELEASE_CHECK_MS;
    site.current();
  }
  expect(loads).toHaveLength(1);
});

it("a release it cannot read is refused once, and the site is served as it was", () => {
  const good = release(0);
  makeLive(out, "lumiere", good);
  const site = open();
  const broken = release(1, "broken x");
  makeLive(out, "lumiere", broken);
  for (let check = 0; check < 3; check += 1) {
    clock += RELEASE_CHECK_MS;
    expect(servedRelease(site)).toBe(good);
  }
  expect(refusals).toEqual([`${broken}: server-settings.json: not JSON`]);
  // The next release is taken.
  const fixed = release(2);
  makeLive(out, "lumiere", fixed);
  clock += RELEASE_CHECK_MS;
  expect(servedRelease(site)).toBe(fixed);
});

it("a release of another site or domain is refused: hosts are chosen at start", () => {
  const good = release(0);
  makeLive(out, "lumiere", good);
  const site = open();
  makeLive(out, "lumiere", release(1, "lumiere www.lumiere.example"));
  clock += RELEASE_CHECK_MS;
  expect(servedRelease(site)).toBe(good);
  expect(refusals[0]).toContain("a new site or domain needs a restart");
});

it("a site directory that is missing for a moment is served as it was", () => {
  const good = release(0);
  makeLive(out, "lumiere", good);
  const site = open();
  rmSync(path.join(out, "lumiere"));
  clock += RELEASE_CHECK_MS;
  expect(servedRelease(site)).toBe(good);
  expect(refusals).toEqual([]);
});

it("a plain site directory is read once and served as it is", () => {
  mkdirSync(path.join(out, "lumiere"));
  writeFileSync(path.join(out, "lumiere", "site"), "lumiere www.cinema-lumiere.fr");
  const site = open();
  clock += RELEASE_CHECK_MS;
  expect(site.current().dir).toBe(path.join(out, "lumiere"));
  expect(loads).toEqual(["lumiere"]);
});

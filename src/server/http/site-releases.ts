// Where a built site lives once it can be served: the contract between what builds sites
// (scripts/build-sites.ts, the publisher in src/publish/) and what serves them (./site-bundle.ts,
// ./live-site.ts).
//
//   <out>/<siteId>                                 a symlink, relative, to the live release
//   <out>/.releases/<siteId>/<releaseId>/          public/, server-settings.json, match-paths.json, page-ssr/
//
// A release is written complete beside the live one, then made live by renaming a new symlink over
// the old (rename(2) replaces it in one step), so a reader of <out>/<siteId> finds the old release
// or the new one, never a half-written one nor nothing. The releases before it stay for a rollback
// and for the requests still reading them.
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

export const RELEASES_FOLDER = ".releases";
/** How many releases of a site stay on disk (the live one is kept whatever its age). */
export const KEPT_RELEASES = 3;

/** "20261123T101502123Z-ab12cd": its time first, so that ids sort in the order they were made. */
export const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

let lastMadeAt = 0;

/** An id made `at` a time, by default now (then always later than the one made before in this process). */
export function newReleaseId(at?: number, random: string = randomBytes(3).toString("hex")): string {
  let time = at;
  if (time === undefined) time = lastMadeAt = Math.max(Date.now(), lastMadeAt + 1);
  return `${new Date(time).toISOString().replace(/[-:.]/g, "")}-${random}`;
}

export const releasesDirOf = (outDir: string, siteId: string): string => path.join(outDir, RELEASES_FOLDER, siteId);
export const releaseDirOf = (outDir: string, siteId: string, releaseId: string): string =>
  path.join(releasesDirOf(outDir, siteId), releaseId);
/** Where a release is written before it is complete: never listed as a release. */
const stagingDirOf = (outDir: string, siteId: string, releaseId: string): string =>
  `${releaseDirOf(outDir, siteId, releaseId)}.partial`;

/**
 * Writes a release through its staging folder, renamed once `fill` has written everything, so that a
 * release folder is always complete; nothing is left when `fill` throws. Answers the release's folder.
 */
export function writeRelease(outDir: string, siteId: string, releaseId: string, fill: (dir: string) => void): string {
  const staging = stagingDirOf(outDir, siteId, releaseId);
  const release = releaseDirOf(outDir, siteId, releaseId);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    fill(staging);
    renameSync(staging, release);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return release;
}

/** Deletes a release that never went live (its check failed); the live one is refused. */
export function discardRelease(outDir: string, siteId: string, releaseId: string): void {
  if (liveReleaseOf(outDir, siteId) === releaseId) throw new Error(`Release ${releaseId} of "${siteId}" is live`);
  rmSync(releaseDirOf(outDir, siteId, releaseId), { recursive: true, force: true });
}

/** The site's releases on disk, oldest first. */
export function releasesOf(outDir: string, siteId: string): string[] {
  const dir = releasesDirOf(outDir, siteId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && RELEASE_ID.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The release <out>/<siteId> points to; null when it is missing or a plain directory (a build before releases). */
export function liveReleaseOf(outDir: string, siteId: string): string | null {
  const link = path.join(outDir, siteId);
  if (!isSymlink(link)) return null;
  const target = readlinkSync(link);
  const releaseId = path.basename(target);
  return path.dirname(target) === path.join(RELEASES_FOLDER, siteId) && RELEASE_ID.test(releaseId) ? releaseId : null;
}

/** The release made before the live one, the one a rollback returns to; null when there is none. */
export function previousReleaseOf(outDir: string, siteId: string): string | null {
  const live = liveReleaseOf(outDir, siteId);
  if (!live) return null;
  return (
    releasesOf(outDir, siteId)
      .filter((id) => id < live)
      .pop() ?? null
  );
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Points <out>/<siteId> at a complete release, in one rename. A plain directory there (what
 * build:sites wrote before releases existed) is first moved in among the releases, dated by its
 * last change so that it sorts before this one: it cannot be swapped for a link in one step, so
 * that first change of layout leaves the site's path missing for the time between two renames.
 */
export function makeLive(outDir: string, siteId: string, releaseId: string): void {
  if (!existsSync(releaseDirOf(outDir, siteId, releaseId)))
    throw new Error(`No release ${releaseId} of site "${siteId}" in ${releasesDirOf(outDir, siteId)}`);
  const link = path.join(outDir, siteId);
  const temporary = path.join(outDir, `.${siteId}.${randomBytes(4).toString("hex")}.link`);
  symlinkSync(path.join(RELEASES_FOLDER, siteId, releaseId), temporary);
  try {
    if (!isSymlink(link) && existsSync(link)) {
      const adopted = newReleaseId(lstatSync(link).mtimeMs);
      renameSync(link, releaseDirOf(outDir, siteId, adopted));
    }
    renameSync(temporary, link);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Keeps `keep` releases: the live one and the newest others (after a rollback the live one is not
 * the newest); deletes the rest and answers their ids.
 */
export function pruneReleases(outDir: string, siteId: string, keep: number = KEPT_RELEASES): string[] {
  const live = liveReleaseOf(outDir, siteId);
  const others = releasesOf(outDir, siteId).filter((id) => id !== live);
  const removed = others.slice(0, Math.max(0, others.length - (live ? keep - 1 : keep)));
  for (const id of removed) rmSync(releaseDirOf(outDir, siteId, id), { recursive: true, force: true });
  return removed;
}

// A publish's work once its turn comes (issue 47): build the site in its kept copy (its
// configuration checked first), write the result as a new release beside the live one, check that
// the production server can serve it, then make it live in one rename
// (src/server/http/site-releases.ts). Whatever fails before that rename leaves the live site
// exactly as it was, and the publish says why. Meanwhile the publish says its step: config, build,
// check (writing and checking the release), swap. The build itself is scripts/build-sites.ts,
// handed in by scripts/publisher.ts: the publisher imports the build, never the other way round.
import { loadSiteBundle } from "../server/http/site-bundle";
import {
  discardRelease,
  KEPT_RELEASES,
  makeLive,
  previousReleaseOf,
  liveReleaseOf,
  pruneReleases,
  releaseDirOf,
  writeRelease,
} from "../server/http/site-releases";
import type { Rollback } from "./publish-api";
import type { ReleaseBuild } from "./publish-queue";

/**
 * One site's build, in the build's own words when it fails (scripts/build-sites.ts buildSite):
 * its configuration checked, then the site built. Calls `onBuilding` between the two, when it can
 * tell them apart (build-sites' option of that name).
 */
export type SiteBuilder = (
  siteId: string,
  onBuilding: () => void,
) => Promise<{ readonly ok: true; readonly projectDir: string } | { readonly ok: false; readonly message: string }>;

export interface ReleaseSteps {
  readonly buildSite: SiteBuilder;
  /** Copies what a built copy deploys into a release folder (scripts/build-sites.ts copyDeployable). */
  readonly copyDeployable: (projectDir: string, releaseDir: string) => void;
  /** Where the sites are served from (dist/): <outDir>/<siteId> and <outDir>/.releases/. */
  readonly outDir: string;
  /** Releases kept per site, the live one among them (default 3). */
  readonly keep?: number;
}

/**
 * Whether the production server could serve a release of that site: it must load as the server
 * loads a site (pages, server settings, match paths, film index) and be that site's.
 */
export function checkRelease(releaseDir: string, siteId: string): void {
  const bundle = loadSiteBundle(releaseDir, []);
  if (bundle.settings.siteId !== siteId)
    throw new Error(`its server settings are site "${bundle.settings.siteId}"'s, not "${siteId}"'s`);
}

export function releaseSite(steps: ReleaseSteps): ReleaseBuild {
  const { outDir } = steps;
  // Each step is told before the work it names, and waited for: a reader elsewhere sees it while
  // that work runs (the writing and checking of a release hold this process).
  return async ({ siteId, id }, onStep = async () => undefined) => {
    await onStep("config");
    const built = await steps.buildSite(siteId, () => void onStep("build"));
    if (!built.ok) throw new Error(built.message);
    await onStep("check");
    writeRelease(outDir, siteId, id, (dir) => steps.copyDeployable(built.projectDir, dir));
    try {
      checkRelease(releaseDirOf(outDir, siteId, id), siteId);
    } catch (error) {
      discardRelease(outDir, siteId, id);
      throw new Error(`The build cannot be served: ${error instanceof Error ? error.message : String(error)}`);
    }
    await onStep("swap");
    makeLive(outDir, siteId, id);
    pruneReleases(outDir, siteId, steps.keep ?? KEPT_RELEASES);
  };
}

/** Makes the release before the live one live again, at once; null when there is none. */
export function rollBack(outDir: string, siteId: string): Rollback | null {
  const replaced = liveReleaseOf(outDir, siteId);
  const previous = previousReleaseOf(outDir, siteId);
  if (!replaced || !previous) return null;
  makeLive(outDir, siteId, previous);
  return { live: previous, replaced };
}

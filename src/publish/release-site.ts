// A publish's work once its turn comes (issue 47): build the site in its kept copy, write the
// result as a new release beside the live one, check that the production server can serve it,
// then make it live in one rename (src/server/http/site-releases.ts). Whatever fails before that
// rename leaves the live site exactly as it was, and the publish says why. The build itself is
// scripts/build-sites.ts, handed in by scripts/publisher.ts: the publisher imports the build, never
// the other way round.
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

/** One site's build, in the build's own words when it fails (scripts/build-sites.ts buildSite). */
export type SiteBuilder = (
  siteId: string,
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
  return async ({ siteId, id }) => {
    const built = await steps.buildSite(siteId);
    if (!built.ok) throw new Error(built.message);
    writeRelease(outDir, siteId, id, (dir) => steps.copyDeployable(built.projectDir, dir));
    try {
      checkRelease(releaseDirOf(outDir, siteId, id), siteId);
    } catch (error) {
      discardRelease(outDir, siteId, id);
      throw new Error(`The build cannot be served: ${error instanceof Error ? error.message : String(error)}`);
    }
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

// A site whose release can change under a running server (issue 47): its directory is a link to
// the live release (./site-releases.ts), which the publisher or build:sites swaps in one rename.
// Each new request asks for the site's bundle; at most every RELEASE_CHECK_MS that asks where the
// link points now (one realpath), and when it points elsewhere the new release is read whole, as
// a start reads it, and replaces the old bundle in one assignment: settings, match paths, file
// list, header policy and public folder change together. A request keeps the bundle it started
// with, whose folder is the release's real path, so it never mixes two releases, and the releases
// before stay on disk for it. A release that cannot be read, or is another site's, is refused
// (said once) and the site goes on being served as it was.
import { realpathSync } from "node:fs";
import path from "node:path";
import type { SiteBundle } from "./site-bundle";

/** How long a new release may wait before a server notices it. */
export const RELEASE_CHECK_MS = 1000;

export interface LiveSite {
  /** The site as a new request sees it: the release its directory points to (checked at most every so often). */
  current(): SiteBundle;
}

export interface LiveSiteOptions {
  /** Reads a release folder (given by its real path) as the server serves it. */
  readonly load: (releaseDir: string) => SiteBundle;
  readonly checkEveryMs?: number;
  readonly now?: () => number;
  /** Told of a release that was not taken, and why. */
  readonly onRefused?: (releaseDir: string, error: unknown) => void;
}

const realPathOf = (dir: string): string | null => {
  try {
    return realpathSync(dir);
  } catch {
    // Missing for a moment (build:sites' first change of layout): the site is served as it was.
    return null;
  }
};

/** The site served from `dir`, read now (a start fails as it always did when it cannot be). */
export function liveSite(dir: string, options: LiveSiteOptions): LiveSite {
  const every = options.checkEveryMs ?? RELEASE_CHECK_MS;
  const now = options.now ?? Date.now;
  let bundle = options.load(realPathOf(dir) ?? path.resolve(dir));
  let checkedAt = now();
  let refused: string | null = null;

  const take = (releaseDir: string) => {
    try {
      const next = options.load(releaseDir);
      if (next.settings.siteId !== bundle.settings.siteId || next.settings.domain !== bundle.settings.domain)
        throw new Error(
          `it is site "${next.settings.siteId}" on ${next.settings.domain}, where "${bundle.settings.siteId}" on ${bundle.settings.domain} is served: a new site or domain needs a restart`,
        );
      bundle = next;
      refused = null;
    } catch (error) {
      refused = releaseDir;
      options.onRefused?.(releaseDir, error);
    }
  };

  return {
    current() {
      const at = now();
      if (at - checkedAt < every) return bundle;
      checkedAt = at;
      const releaseDir = realPathOf(dir);
      if (releaseDir && releaseDir !== bundle.dir && releaseDir !== refused) take(releaseDir);
      return bundle;
    },
  };
}

/** A site that never changes (a project's own build, the tests' sites). */
export const fixedSite = (bundle: SiteBundle): LiveSite => ({ current: () => bundle });

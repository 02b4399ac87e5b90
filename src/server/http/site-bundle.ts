// A built site as the production server serves it. Two layouts are understood:
// - a project that ran `gatsby build` (`npm start`, the browser tests): public/,
//   .cache/venue/server-settings.json (or SERVER_SETTINGS_FILE) and .cache/match-paths.json;
// - a site of `npm run build:sites` or of the publisher: dist/<siteId>/ with public/,
//   server-settings.json and match-paths.json (what a deploy copies), a link to the site's live
//   release (./site-releases.ts).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isFilmIndex, type FilmIndex } from "../../catalogue/resolve";
import { FILM_INDEX_PATH } from "../../lib/paths";
import { loadServerSiteSettings, SERVER_SETTINGS_FILE, type ServerSiteSettings } from "../site-settings";
import { contentSecurityPolicy, type SiteHeaderPolicy } from "./headers";
import { builtScheduleOf, type BuiltSchedule } from "./dated-schedule";
import { cspReportUriFrom } from "./deploy-settings";
import { deferredPagesOf, type DeferredPages } from "./deferred-pages";
import type { MatchPathEntry } from "./match-path";
import { listPublicFiles, siteInlineScriptHashes } from "./site-files";

export const BUNDLE_SETTINGS_FILE = "server-settings.json";
export const BUNDLE_MATCH_PATHS_FILE = "match-paths.json";
export const PROJECT_MATCH_PATHS_FILE = path.join(".cache", "match-paths.json");

export interface SiteBundle {
  /** Its real path: for a site of build:sites, the release its link pointed to when it was read. */
  readonly dir: string;
  readonly publicDir: string;
  readonly settings: ServerSiteSettings;
  readonly matchPaths: readonly MatchPathEntry[];
  /** URL paths of the files of public/. */
  readonly files: ReadonlySet<string>;
  /** public/film-index.json: which /films/* and permalink paths lead to a film (301) and which are 404s. */
  readonly filmIndex?: FilmIndex;
  readonly policy: SiteHeaderPolicy;
  /** contentSecurityPolicy(policy), computed once. */
  readonly contentSecurityPolicy: string;
  /** The deferred pages (spec §3 defer flags), rendered on first request; null when the build deferred none. */
  readonly deferred?: DeferredPages | null;
  /** The schedule's pages, for dated schedule addresses (./dated-schedule.ts); absent when none was built. */
  readonly schedule?: BuiltSchedule | null;
  /** The site's time zone (spec §9): its "today" for those addresses. */
  readonly timeZone: string;
}

export interface SiteFiles {
  readonly publicDir: string;
  readonly settingsFile: string;
  readonly matchPathsFile: string;
}

/** Where a site directory keeps its parts, whichever layout it has. */
export function siteFilesOf(dir: string, env: Readonly<Record<string, string | undefined>> = {}): SiteFiles {
  const publicDir = path.join(dir, "public");
  if (existsSync(path.join(dir, BUNDLE_SETTINGS_FILE))) {
    return {
      publicDir,
      settingsFile: path.join(dir, BUNDLE_SETTINGS_FILE),
      matchPathsFile: path.join(dir, BUNDLE_MATCH_PATHS_FILE),
    };
  }
  return {
    publicDir,
    settingsFile: env.SERVER_SETTINGS_FILE
      ? path.resolve(dir, env.SERVER_SETTINGS_FILE)
      : path.join(dir, SERVER_SETTINGS_FILE),
    matchPathsFile: path.join(dir, PROJECT_MATCH_PATHS_FILE),
  };
}

function readMatchPaths(file: string): MatchPathEntry[] {
  if (!existsSync(file)) return [];
  const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(raw)) throw new Error(`${file}: expected a list of { path, matchPath }`);
  return raw.map((entry: unknown, index) => {
    const { path: pagePath, matchPath } = (entry ?? {}) as Record<string, unknown>;
    if (typeof pagePath !== "string" || typeof matchPath !== "string")
      throw new Error(`${file}: entry ${index} is not { path, matchPath }`);
    return { path: pagePath, matchPath };
  });
}

function readFilmIndex(publicDir: string): FilmIndex | undefined {
  const file = path.join(publicDir, FILM_INDEX_PATH);
  if (!existsSync(file)) return undefined;
  const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isFilmIndex(raw)) throw new Error(`${file}: expected { "<film id>": "/films/<path>/" }`);
  return raw;
}

/**
 * The header policy of a site: its settings, the editor origins (those the pages were built to
 * talk to, from the server settings, and any the server's deploy adds), its pages' inline scripts.
 */
export function sitePolicy(
  settings: ServerSiteSettings,
  editorOrigins: readonly string[],
  inlineScriptHashes: readonly string[],
  reportUri: string | null = null,
): SiteHeaderPolicy {
  return {
    allowedEmbeddingDomains: settings.allowedEmbeddingDomains,
    editorOrigins: [...new Set([...settings.editorOrigins, ...editorOrigins])],
    thirdPartySources: settings.thirdPartySources,
    inlineScriptHashes,
    reportUri,
  };
}

/** Reads a built site; throws with the file to blame when something is missing. */
export function loadSiteBundle(
  dir: string,
  editorOrigins: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): SiteBundle {
  // By its real path: a site of build:sites is a link to its live release, which a publish swaps;
  // what a request reads must stay in the release it started in (./live-site.ts).
  const siteDir = existsSync(dir) ? realpathSync(dir) : path.resolve(dir);
  const files = siteFilesOf(siteDir, env);
  if (!existsSync(path.join(files.publicDir, "index.html")))
    throw new Error(`No built site in ${files.publicDir}: run \`npm run build\` (or \`npm run build:sites\`) first.`);
  const settings = loadServerSiteSettings(files.settingsFile);
  const list = listPublicFiles(files.publicDir);
  const policy = sitePolicy(
    settings,
    editorOrigins,
    siteInlineScriptHashes(files.publicDir, list),
    cspReportUriFrom(env.CSP_REPORT_URI),
  );
  const fileSet = new Set(list);
  return {
    dir: siteDir,
    publicDir: files.publicDir,
    settings,
    matchPaths: readMatchPaths(files.matchPathsFile),
    files: fileSet,
    filmIndex: readFilmIndex(files.publicDir),
    policy,
    contentSecurityPolicy: contentSecurityPolicy(policy),
    deferred: deferredPagesOf(siteDir, files.publicDir, console),
    schedule: builtScheduleOf(fileSet),
    // Written by every build since issue 42; UTC, the platform's default (spec §9), for one before.
    timeZone: settings.timeZone ?? "UTC",
  };
}

/** A site directory, or a folder of them (dist/ after `npm run build:sites`): the site directories it stands for. */
export function expandSiteDirs(dirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const dir of dirs) {
    if (existsSync(path.join(dir, "public")) || !existsSync(dir) || !statSync(dir).isDirectory()) {
      out.push(dir);
      continue;
    }
    // A site of build:sites is a link to its live release; the releases themselves and a link
    // being swapped in (site-releases.ts) are dot-named, and no site.
    const sites = readdirSync(dir, { withFileTypes: true })
      .filter(
        (entry) =>
          (entry.isDirectory() || entry.isSymbolicLink()) &&
          !entry.name.startsWith(".") &&
          existsSync(path.join(dir, entry.name, BUNDLE_SETTINGS_FILE)),
      )
      .map((entry) => path.join(dir, entry.name))
      .sort();
    out.push(...(sites.length > 0 ? sites : [dir]));
  }
  return out;
}

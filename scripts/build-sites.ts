// npm run build:sites [-- id… ] [--out dir] [--work dir] [--keep n] [--with-functions]: builds many
// sites, one after the other (each Gatsby build already uses every core), into dist/<siteId>/ — public/,
// server-settings.json and match-paths.json, what `npm run serve -- dist` and the Dockerfile serve.
// dist/<siteId> is a link to the site's newest release (src/server/http/site-releases.ts), swapped
// in one rename, so a server serving dist/ goes on answering while a site is rebuilt; the last
// `--keep` releases (default 3) stay for a rollback. Gatsby Functions (src/api/) are compiled only
// on Netlify (NETLIFY=true) or with --with-functions: the production server answers /api/ itself.
//
// Each site is built in its own copy of the project under .sites/<siteId>/ that is kept between
// runs, with its own .cache/ and public/, so rebuilding a site is incremental. Every site's
// configuration is checked first: a broken one is reported with its file › field message and
// skipped, the others still build, and the exit code is 1 if any site failed. The publisher
// (scripts/publisher.ts) builds one site at a time through buildSite and copyDeployable.
import { spawn } from "node:child_process";
import { cpSync, createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SiteConfigError } from "../src/config/errors";
import { loadOptionsFromEnv } from "../src/config/load";
import { OriginListError, parseEditorOrigins } from "../src/embedding/origins";
import { KEPT_RELEASES, makeLive, newReleaseId, pruneReleases, writeRelease } from "../src/server/http/site-releases";
import { checkSiteConfig } from "./check-site";
import { deploysFunctions, syncProject } from "./scratch";

function parseArgs(argv: readonly string[], root: string) {
  const ids: string[] = [];
  let out = "dist";
  let work = ".sites";
  let keep = KEPT_RELEASES;
  let withFunctions = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--out") out = argv[(index += 1)] ?? out;
    else if (arg === "--work") work = argv[(index += 1)] ?? work;
    else if (arg === "--keep") {
      keep = Number(argv[(index += 1)]);
      if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep: expected a whole number from 1`);
    } else if (arg === "--with-functions") withFunctions = true;
    else if (arg.startsWith("-"))
      throw new Error(`Unknown option ${arg} (known: --out dir, --work dir, --keep n, --with-functions)`);
    else ids.push(arg);
  }
  return { ids, out: path.resolve(root, out), work: path.resolve(root, work), keep, withFunctions };
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs Gatsby's build in the site's copy as `npm run build` does, less that script's configuration
 * check, which buildSite has just made (npm and a second tsx process cost a publish 2-3 s); its
 * output goes to build.log there.
 */
function gatsbyBuild(dir: string, env: NodeJS.ProcessEnv): Promise<{ ok: boolean; log: string }> {
  const log = path.join(dir, "build.log");
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(process.execPath, [path.join("scripts", "gatsby-build.mjs")], {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (code) => out.end(() => resolve({ ok: code === 0, log })));
  });
}

/** The last lines of a build's log, colours taken out. */
function tail(file: string, lines: number): string {
  const text = readFileSync(file, "utf8").replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

const indented = (text: string) => text.replace(/^/gm, "    ");

export interface SiteBuildOptions {
  /** The folder of site folders (SITE_CONFIG_DIR). */
  readonly configRoot: string;
  /** Where each site's kept copy of the project lives (<work>/<siteId>/). */
  readonly work: string;
  /** The build's settings, beside SITE and SITE_CONFIG_DIR, which are set here. */
  readonly env?: NodeJS.ProcessEnv;
  /** The project copied into the site's copy. */
  readonly root?: string;
  /**
   * Whether the copy keeps Gatsby Functions (src/api/), which Gatsby then compiles: by default only
   * for a Netlify deploy (deploysFunctions), the one host that runs them.
   */
  readonly withFunctions?: boolean;
  /** Told when the configuration is good and Gatsby starts. */
  readonly onBuilding?: (projectDir: string) => void;
}

/**
 * What one site's build came to. A failure says why in the build's own words: the configuration's
 * "file › field" lines, or the end of Gatsby's log (kept whole in `log`).
 */
export type SiteBuild =
  | { readonly ok: true; readonly projectDir: string }
  | { readonly ok: false; readonly stage: "config"; readonly message: string }
  | { readonly ok: false; readonly stage: "build"; readonly message: string; readonly log: string };

/**
 * Checks a site's configuration, then builds it in its kept copy (<work>/<siteId>/), incrementally
 * when that copy was built before. Nothing is written outside that copy.
 */
export async function buildSite(siteId: string, options: SiteBuildOptions): Promise<SiteBuild> {
  const root = options.root ?? process.cwd();
  const env: NodeJS.ProcessEnv = {
    ...(options.env ?? process.env),
    SITE: siteId,
    SITE_CONFIG_DIR: options.configRoot,
    GATSBY_TELEMETRY_DISABLED: "1",
  };
  // What `npm run build` checks before Gatsby starts (scripts/check-site.ts), which gatsbyBuild skips.
  try {
    parseEditorOrigins(env.EDITOR_ORIGINS);
    await checkSiteConfig(loadOptionsFromEnv(env, root));
  } catch (error) {
    const message =
      error instanceof SiteConfigError
        ? error.message
        : error instanceof OriginListError
          ? `The deploy settings are wrong: ${error.message}`
          : `cannot be checked: ${String(error)}`;
    return { ok: false, stage: "config", message };
  }
  const projectDir = path.join(options.work, siteId);
  syncProject(root, projectDir, {
    withSiteConfig: false,
    withFunctions: options.withFunctions ?? deploysFunctions(env),
  });
  options.onBuilding?.(projectDir);
  const build = await gatsbyBuild(projectDir, env);
  if (!build.ok) return { ok: false, stage: "build", message: tail(build.log, 20), log: build.log };
  return { ok: true, projectDir };
}

/** Copies the deployable part of a built copy (what the production server reads) into `dir`. */
export function copyDeployable(projectDir: string, dir: string): void {
  cpSync(path.join(projectDir, "public"), path.join(dir, "public"), { recursive: true });
  cpSync(path.join(projectDir, ".cache", "venue", "server-settings.json"), path.join(dir, "server-settings.json"));
  const matchPaths = path.join(projectDir, ".cache", "match-paths.json");
  if (existsSync(matchPaths)) cpSync(matchPaths, path.join(dir, "match-paths.json"));
  // Deferred pages (spec §3 defer flags): Gatsby's page renderer, which the server runs on their first request.
  const pageRenderer = path.join(projectDir, ".cache", "page-ssr");
  if (existsSync(path.join(pageRenderer, "index.js")))
    cpSync(pageRenderer, path.join(dir, "page-ssr"), { recursive: true });
}

/**
 * Makes a built copy (a site's kept copy, or this checkout after `npm run build`) the live release
 * of that site under `outDir`, and deletes the oldest beyond `keep`. Answers the release's folder.
 */
export function releaseBuiltCopy(projectDir: string, outDir: string, siteId: string, keep = KEPT_RELEASES): string {
  const releaseId = newReleaseId();
  const release = writeRelease(outDir, siteId, releaseId, (dir) => copyDeployable(projectDir, dir));
  makeLive(outDir, siteId, releaseId);
  pruneReleases(outDir, siteId, keep);
  return release;
}

function countFiles(dir: string): number {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    files += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return files;
}

async function main(): Promise<number> {
  const root = process.cwd();
  const { ids: requested, out, work, keep, withFunctions } = parseArgs(process.argv.slice(2), root);
  const { configRoot } = loadOptionsFromEnv();
  const ids =
    requested.length > 0
      ? requested
      : readdirSync(configRoot, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort();
  if (ids.length === 0) {
    console.error(`build:sites  no site folder in ${path.relative(root, configRoot) || configRoot}`);
    return 1;
  }
  console.log(`build:sites  ${ids.length} site(s): ${ids.join(", ")} → ${path.relative(root, out) || out}/`);
  const failed: string[] = [];
  for (const [index, id] of ids.entries()) {
    const label = `build:sites  [${index + 1}/${ids.length}] ${id}`;
    const started = Date.now();
    const build = await buildSite(id, {
      configRoot,
      work,
      root,
      withFunctions: withFunctions || undefined,
      onBuilding: (copy) => console.log(`${label}  building in ${path.relative(root, copy)}/ …`),
    });
    if (!build.ok) {
      failed.push(id);
      if (build.stage === "config") console.error(`${label}  FAILED (not built)\n${indented(build.message)}`);
      else
        console.error(
          `${label}  FAILED after ${seconds(started)} (${path.relative(root, build.log)}):\n${indented(build.message)}`,
        );
      continue;
    }
    const release = releaseBuiltCopy(build.projectDir, out, id, keep);
    const files = countFiles(path.join(release, "public"));
    console.log(
      `${label}  built in ${seconds(started)} → ${path.relative(root, path.join(out, id))}/ (${files} files)`,
    );
  }
  const built = ids.length - failed.length;
  console.log(`build:sites  ${built} built${failed.length ? `, ${failed.length} failed: ${failed.join(", ")}` : ""}`);
  return failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`build:sites  ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

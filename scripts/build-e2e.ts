// npm run build:e2e [-- variant ...]: builds the sites the browser tests run against (e2e/variants.ts).
//
// All of them are built one after the other in one copy of the project (E2E_WORK_DIR), each with its
// own settings and configuration folder, and moved out to its own folder once built. What makes this
// fast is webpack's persistent cache (.cache/webpack), which Gatsby keeps across builds and which
// holds absolute paths, so only a build in the same folder finds it: the first build is cold
// (about 105 s on 2 cores), the next ones rebuild only the modules their settings change (about
// 50 s). The output is the same as a cold build's (compared file by file: only the compilation
// hash and styled-components' group numbers differ). Every build starts without public/, so
// Gatsby drops the rest of its cache (page data, queries) and writes every page anew.
//
// The default site is built by `npm run build:sites`, in this same copy, over a circuit with a
// broken second site (SITES_RUN in e2e/variants.ts): `npm run test:sites` checks that run's output
// instead of building the site again.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  E2E_WORK_DIR,
  SANDBOX_TICKETING_URL,
  SITES_RUN,
  VARIANTS,
  type Variant,
  type VariantName,
} from "../e2e/variants";
import { syncProject } from "./scratch";

const root = process.cwd();
const work = path.resolve(root, E2E_WORK_DIR);
const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
// Each build after the first recompiles the modules whose settings differ from the build before,
// so the order puts like next to like: the French site, its point-of-sale build, then the US
// circuit's two.
const ORDER: readonly VariantName[] = ["lumiere", "lumiere-pos", "starlight-v3", "starlight"];
const names = (
  requested.length
    ? requested
    : [...ORDER, ...Object.keys(VARIANTS).filter((name) => !ORDER.includes(name as VariantName))]
) as VariantName[];

for (const name of names) {
  if (!VARIANTS[name]) {
    console.error(`Unknown variant "${name}". Known: ${Object.keys(VARIANTS).join(", ")}`);
    process.exit(1);
  }
}

/** The configuration folder a variant builds from: the checkout's, or a copy with its changes laid over. */
function configRootOf(name: VariantName): string {
  const variant: Variant = VARIANTS[name];
  const { settings, filmTitles } = variant;
  if (!settings && !filmTitles) return path.join(root, "site-config");
  // Only ever a copy: the checkout's own site-config/ stays as committed.
  const configRoot = path.resolve(root, ".e2e-builds", "config", name);
  rmSync(configRoot, { recursive: true, force: true });
  cpSync(path.join(root, "site-config"), configRoot, { recursive: true });
  const site = variant.env.SITE ?? "";
  if (settings)
    rewriteJson<Record<string, unknown>>(path.join(configRoot, site, "settings.json"), (current) => ({
      ...current,
      ...settings,
    }));
  if (filmTitles) renameFilms(path.join(configRoot, site, "catalogue.json"), filmTitles);
  return configRoot;
}

/** Reads a JSON file of a copy, changes it, writes it back. */
function rewriteJson<T>(file: string, change: (value: T) => T): void {
  writeFileSync(file, `${JSON.stringify(change(JSON.parse(readFileSync(file, "utf8")) as T), null, 2)}\n`);
}

/**
 * The circuit `npm run build:sites` builds the default site from: its folder, and a copy whose
 * loyalty version does not exist (a broken site the script must name and skip).
 */
function sitesRunConfig(site: string): string {
  const configRoot = path.resolve(root, SITES_RUN.config);
  rmSync(configRoot, { recursive: true, force: true });
  cpSync(path.join(root, "site-config", site), path.join(configRoot, site), { recursive: true });
  cpSync(path.join(root, "site-config", site), path.join(configRoot, SITES_RUN.brokenSite), { recursive: true });
  rewriteJson<{ loyalty: object }>(path.join(configRoot, SITES_RUN.brokenSite, "settings.json"), (settings) => ({
    ...settings,
    loyalty: { ...settings.loyalty, version: 2 },
  }));
  return configRoot;
}

/** Renames films in a copy's catalogue (film id → title), as a later deploy would. */
function renameFilms(file: string, titles: Record<string, string>): void {
  rewriteJson<{ films: { id: number; title: string }[] }>(file, (catalogue) => {
    for (const [id, title] of Object.entries(titles)) {
      const film = catalogue.films.find((f) => String(f.id) === id);
      if (!film) throw new Error(`filmTitles: no film ${id} in ${file}`);
      film.title = title;
    }
    return catalogue;
  });
}

/**
 * Moves what the production server serves out of the work copy, in a project's layout (see
 * src/server/http/site-bundle.ts): public/, .cache/venue/ (its settings), .cache/match-paths.json
 * and, for deferred pages, Gatsby's page renderer .cache/page-ssr/.
 */
function moveOut(dest: string): void {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(path.join(dest, ".cache"), { recursive: true });
  renameSync(path.join(work, "public"), path.join(dest, "public"));
  for (const part of ["venue", "match-paths.json", "page-ssr"]) {
    const from = path.join(work, ".cache", part);
    if (existsSync(from)) cpSync(from, path.join(dest, ".cache", part), { recursive: true });
  }
}

/**
 * How a variant is built in the work copy: `npm run build` there, or for the default site
 * `npm run build:sites` over SITES_RUN's circuit (its lumiere copy is the work copy). That run's
 * output and exit code go to SITES_RUN.log; it exits 1 (the broken site), and has done its part
 * when the default site's public/ is in the work copy.
 */
function buildCommand(name: VariantName) {
  if (name !== "lumiere")
    return { args: ["run", "build", "--silent"], configRoot: configRootOf(name), sitesRun: false };
  return {
    args: [
      "exec",
      "--",
      "tsx",
      "scripts/build-sites.ts",
      "--out",
      SITES_RUN.out,
      "--work",
      SITES_RUN.work,
      "--with-functions",
    ],
    configRoot: sitesRunConfig(VARIANTS.lumiere.env.SITE),
    sitesRun: true,
  };
}

/**
 * Every variant's build settings by name, given to every build: "" where a variant sets none, which
 * each setting reads as unset. Webpack's DefinePlugin keys every module's cache on the set of names
 * it defines (not their values), and Gatsby defines every GATSBY_ variable for the browser and every
 * variable of the process for the HTML renderer: a build whose names differed from the one before
 * (EMBEDDING_MODE, the captcha's, the ads') made all of both bundles again (about 600 modules
 * each, twice). With one set of names, a build makes again only the modules whose values changed.
 * npm's log level is one of those names: `npm run build --silent` sets it, `npm exec` does not.
 */
const SETTING_NAMES = [...new Set(Object.values(VARIANTS).flatMap((variant: Variant) => Object.keys(variant.env)))];
const SAME_NAMES: Record<string, string> = {
  ...Object.fromEntries(SETTING_NAMES.map((name) => [name, ""])),
  npm_config_loglevel: "silent",
};

/** Builds one variant in the work copy; its output is printed whole when it ends. */
function build(name: VariantName): Promise<boolean> {
  const variant = VARIANTS[name];
  const dest = path.resolve(root, variant.dir);
  const { args, configRoot, sitesRun } = buildCommand(name);
  rmSync(path.join(work, "public"), { recursive: true, force: true });
  // Gatsby Functions (src/api/) are for hosted deploys; the browser tests' server answers /api/
  // itself (src/server/http/). Compiling them took 8-15 s of each build; the default site's build
  // (by build:sites --with-functions, which copies src/ afresh) still compiles them, so a Function
  // that stops compiling still fails npm test.
  if (!sitesRun) rmSync(path.join(work, "src", "api"), { recursive: true, force: true });
  // build:sites writes Gatsby's output there afresh; an older one must not pass for this run's.
  if (sitesRun) rmSync(path.join(work, "build.log"), { force: true });
  const started = Date.now();
  console.log(`build:e2e  ${name} → ${path.relative(root, dest)}${sitesRun ? " (by npm run build:sites)" : ""}`);
  return new Promise((resolve) => {
    const child = spawn("npm", args, {
      cwd: sitesRun ? root : work,
      env: {
        ...process.env,
        ...SAME_NAMES,
        ...variant.env,
        SITE_CONFIG_DIR: configRoot,
        TICKETING_URL: process.env.TICKETING_URL || SANDBOX_TICKETING_URL,
        GATSBY_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (sitesRun) {
        writeFileSync(path.resolve(root, SITES_RUN.log), `${output}\nexit ${status}\n`);
        // build:sites keeps Gatsby's own output in the copy's build.log.
        const log = path.join(work, "build.log");
        if (existsSync(log)) output += readFileSync(log, "utf8");
      }
      const ok = sitesRun ? existsSync(path.join(work, "public", "index.html")) : status === 0;
      if (ok) {
        moveOut(dest);
        // Gatsby's own step timings stay in the log: where a build spends its time.
        const steps = output
          .replace(/\x1b\[[0-9;]*[A-Za-z]/g, "")
          .split("\n")
          .filter((line) => /^success .* - \d+\.\d+s/.test(line));
        console.log(`build:e2e  ${name} built in ${seconds} s\n${steps.map((line) => `  ${line}`).join("\n")}`);
      } else console.error(`${output}\nbuild:e2e  ${name} failed after ${seconds} s`);
      resolve(ok);
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  syncProject(root, work, { withSiteConfig: false });
  const failed: string[] = [];
  for (const name of names) if (!(await build(name))) failed.push(name);
  console.log(
    `build:e2e  ${names.length - failed.length} of ${names.length} built in ${((Date.now() - started) / 1000).toFixed(1)} s, one after the other in ${path.relative(root, work)}`,
  );
  if (failed.length) process.exit(1);
}

void main();

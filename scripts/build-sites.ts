// npm run build:sites [-- id… ] [--out dir] [--work dir]: builds many sites, one after the other
// (each Gatsby build already uses every core), into dist/<siteId>/ — public/, server-settings.json
// and match-paths.json, what `npm run serve -- dist` and the Dockerfile serve.
//
// Each site is built in its own copy of the project under .sites/<siteId>/ that is kept between
// runs, with its own .cache/ and public/, so rebuilding a site is incremental. Every site's
// configuration is checked first: a broken one is reported with its file › field message and
// skipped, the others still build, and the exit code is 1 if any site failed.
import { spawn } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import { SiteConfigError } from "../src/config/errors";
import { loadOptionsFromEnv } from "../src/config/load";
import { checkSiteConfig } from "./check-site";
import { syncProject } from "./scratch";

const root = process.cwd();

function parseArgs(argv: readonly string[]) {
  const ids: string[] = [];
  let out = "dist";
  let work = ".sites";
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--out") out = argv[(index += 1)] ?? out;
    else if (arg === "--work") work = argv[(index += 1)] ?? work;
    else if (arg.startsWith("-")) throw new Error(`Unknown option ${arg} (known: --out dir, --work dir)`);
    else ids.push(arg);
  }
  return { ids, out: path.resolve(root, out), work: path.resolve(root, work) };
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs `npm run build` in the site's copy; its output goes to build.log there. */
function gatsbyBuild(dir: string, env: NodeJS.ProcessEnv): Promise<{ ok: boolean; log: string }> {
  const log = path.join(dir, "build.log");
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn("npm", ["run", "build", "--silent"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (code) => out.end(() => resolve({ ok: code === 0, log })));
  });
}

function tail(file: string, lines: number): string {
  const text = readFileSync(file, "utf8").replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
  return text
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .map((line) => `    ${line}`)
    .join("\n");
}

/** The deployable part of a built copy, swapped into place once complete. */
function publish(projectDir: string, outDir: string): number {
  const staging = `${outDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(path.join(projectDir, "public"), path.join(staging, "public"), { recursive: true });
  cpSync(path.join(projectDir, ".cache", "venue", "server-settings.json"), path.join(staging, "server-settings.json"));
  const matchPaths = path.join(projectDir, ".cache", "match-paths.json");
  if (existsSync(matchPaths)) cpSync(matchPaths, path.join(staging, "match-paths.json"));
  // Deferred pages (spec §3 defer flags): Gatsby's page renderer, which the server runs on their first request.
  const pageRenderer = path.join(projectDir, ".cache", "page-ssr");
  if (existsSync(path.join(pageRenderer, "index.js")))
    cpSync(pageRenderer, path.join(staging, "page-ssr"), { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  let files = 0;
  const count = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) count(path.join(dir, entry.name));
      else files += 1;
  };
  count(path.join(outDir, "public"));
  return files;
}

async function main(): Promise<number> {
  const { ids: requested, out, work } = parseArgs(process.argv.slice(2));
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
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SITE: id,
      SITE_CONFIG_DIR: configRoot,
      GATSBY_TELEMETRY_DISABLED: "1",
    };
    try {
      await checkSiteConfig(loadOptionsFromEnv(env, root));
    } catch (error) {
      failed.push(id);
      const message = error instanceof SiteConfigError ? error.message : `cannot be checked: ${String(error)}`;
      console.error(`${label}  FAILED (not built)\n${message.replace(/^/gm, "    ")}`);
      continue;
    }
    const copy = path.join(work, id);
    syncProject(root, copy, { withSiteConfig: false });
    console.log(`${label}  building in ${path.relative(root, copy)}/ …`);
    const build = await gatsbyBuild(copy, env);
    if (!build.ok) {
      failed.push(id);
      console.error(
        `${label}  FAILED after ${seconds(started)} (${path.relative(root, build.log)}):\n${tail(build.log, 20)}`,
      );
      continue;
    }
    const files = publish(copy, path.join(out, id));
    console.log(
      `${label}  built in ${seconds(started)} → ${path.relative(root, path.join(out, id))}/ (${files} files)`,
    );
  }
  const built = ids.length - failed.length;
  console.log(`build:sites  ${built} built${failed.length ? `, ${failed.length} failed: ${failed.join(", ")}` : ""}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`build:sites  ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

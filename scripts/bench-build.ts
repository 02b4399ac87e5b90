// npm run bench:build -- --films N [--site lumiere] [--floor] [--incremental] [--keep]
// Generates a synthetic catalogue of N films (with a weekly programme) into a temporary copy of
// a site, builds it in a scratch copy of the project (so public/ and .cache/ here are untouched)
// the way `npm run build` does (scripts/gatsby-build.mjs, heap cap included), and prints the build
// time, Gatsby's own per-step times, the build's peak memory and the weight of a film page's
// page-data.json. The floor is a bare `gatsby build`.
//   --floor        also builds, in the same run, a bare Gatsby site of N pages (scripts/bench-floor-site.ts)
//                  on an install of its own (gatsby, react, react-dom only; made once, kept in
//                  ~/.cache/venue-bench-floor/), and prints both times and the ratio project /
//                  floor: the figure to judge by, since the machine's speed cancels out.
//   --incremental  then changes one film's synopsis and rebuilds with the warm cache (BUILD_DATE fixed
//                  for both builds), printing the time and how many pages Gatsby rendered again.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { floorInstall, floorVersions, writeFloorSite } from "./bench-floor-site";
import { scratchProject } from "./scratch";

type Args = { films: number; site: string; keep: boolean; floor: boolean; incremental: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { films: 1000, site: "lumiere", keep: false, floor: false, incremental: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === "--films") args.films = Number(argv[++i]);
    else if (flag === "--site") args.site = String(argv[++i]);
    else if (flag === "--keep") args.keep = true;
    else if (flag === "--floor") args.floor = true;
    else if (flag === "--incremental") args.incremental = true;
    else throw new Error(`unknown option ${flag}`);
  }
  if (!Number.isInteger(args.films) || args.films < 1) throw new Error("--films expects a positive whole number");
  return args;
}

const genres = ["Drame", "Comédie", "Thriller", "Animation", "Science-fiction", "Aventure", "Documentaire"];
const days = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

export function syntheticCatalogue(count: number, theaterIds: string[], today: Date, posterSrc: string) {
  const films = [];
  const programme = [];
  for (let i = 0; i < count; i += 1) {
    const id = 100_000 + i;
    const release = new Date(today.getTime() + ((i % 60) - 40) * 86_400_000).toISOString().slice(0, 10);
    films.push({
      id,
      title: `Film synthétique ${i + 1}`,
      synopsis: `Synopsis du film synthétique numéro ${i + 1}, généré pour mesurer la construction du site.`,
      runtimeMinutes: 80 + (i % 70),
      genres: [genres[i % genres.length]!, genres[(i + 3) % genres.length]!],
      cast: [`Actrice ${i}`, `Acteur ${i}`],
      directors: [`Réalisatrice ${i % 97}`],
      releaseDate: release,
      poster: { src: posterSrc, width: 400, height: 600 },
    });
    programme.push({
      filmId: id,
      theaterId: theaterIds[i % theaterIds.length]!,
      days: days.filter((_, d) => (d + i) % 3 !== 0),
      times: i % 2 ? ["14:00", "20:30"] : ["18:15"],
    });
  }
  return { films, programme };
}

type TreeRss = { total: number; main: number };
function rssOfTree(rootPid: number): TreeRss {
  // Sum VmRSS over the build's process tree (Gatsby forks workers).
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), kb * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  // Gatsby's main process: the root itself, or its child when the root is scripts/gatsby-build.mjs.
  const main = Math.max(rss.get(rootPid) ?? 0, ...(children.get(rootPid) ?? []).map((pid) => rss.get(pid) ?? 0));
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, main };
}

/** peak: the whole tree's; peakMain: Gatsby's own process (the rest are its query and HTML workers). */
type BuildRun = {
  seconds: number;
  peak: number;
  peakMain: number;
  /** The last step Gatsby reported done before each peak: where the memory went. */
  peakAfter: string;
  peakMainAfter: string;
  log: string;
};

/** command: the site's build as `npm run build` runs it after its config check, or a bare `gatsby build`. */
async function timedBuild(
  cwd: string,
  [program, ...args]: readonly [string, ...string[]],
  env: NodeJS.ProcessEnv,
): Promise<BuildRun> {
  const started = process.hrtime.bigint();
  const child = spawn(program, args, {
    cwd,
    env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  let peak = 0;
  let peakMain = 0;
  let peakAfter = "";
  let peakMainAfter = "";
  const lastStepDone = () => buildSteps(log).at(-1)?.name ?? "(start)";
  const timer = setInterval(() => {
    const rss = rssOfTree(child.pid!);
    if (rss.total > peak) {
      peak = rss.total;
      peakAfter = lastStepDone();
    }
    if (rss.main > peakMain) {
      peakMain = rss.main;
      peakMainAfter = lastStepDone();
    }
  }, 250);
  const code: number = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(timer);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) {
    console.error(log.slice(-4000));
    throw new Error(`build in ${cwd} failed with exit code ${code}`);
  }
  return { seconds, peak, peakMain, peakAfter, peakMainAfter, log: log.replace(/\x1b\[[0-9;]*m/g, "") };
}

export type Step = { name: string; seconds: number };

/** Gatsby's own timings: its "success <step> - 1.234s" lines, in order (the same step may repeat). */
export function buildSteps(log: string): Step[] {
  const steps: Step[] = [];
  for (const match of log.matchAll(/^success (.+?) - ([\d.]+)s/gm))
    steps.push({ name: match[1]!, seconds: Number(match[2]) });
  return steps;
}

/** "Building static HTML for pages - 3.2s - 1005/1005 313.7/s": seconds and pages rendered. */
export function htmlStep(log: string): { seconds: number; pages: number } | null {
  const match = /Building static HTML for pages - ([\d.]+)s - (\d+)\/(\d+)/.exec(log);
  return match ? { seconds: Number(match[1]), pages: Number(match[2]) } : null;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printSteps(steps: Step[]) {
  const width = Math.max(...steps.map((s) => s.name.length), 10);
  for (const step of steps.filter((s) => s.seconds >= 0.1))
    console.log(`  ${step.name.padEnd(width)}  ${step.seconds.toFixed(1).padStart(6)} s`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = process.cwd();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "venue-bench-"));
  const siteBuild = [process.execPath, path.join(scratch, "scripts", "gatsby-build.mjs")] as const;
  scratchProject(root, scratch, { withSiteConfig: false });
  const siteDir = path.join(scratch, "site-config", args.site);
  cpSync(path.join(root, "site-config", args.site), siteDir, { recursive: true });
  const theaters = JSON.parse(readFileSync(path.join(siteDir, "theaters.json"), "utf8")) as {
    theaters: { id: string }[];
  };
  const settings = JSON.parse(readFileSync(path.join(siteDir, "settings.json"), "utf8")) as Record<string, unknown>;
  settings.globalExcludedMovieIds = [];
  settings.movieOrderIndex = [];
  writeFileSync(path.join(siteDir, "settings.json"), JSON.stringify(settings));
  // Both builds of --incremental see the same "today": only the synopsis differs between them.
  const buildDate = `${new Date().toISOString().slice(0, 10)}T08:00:00.000Z`;
  // Every synthetic film shows one of the site's own posters (the config check wants it in assets/).
  const poster = readdirSync(path.join(siteDir, "assets", "posters")).sort()[0];
  const catalogue = syntheticCatalogue(
    args.films,
    theaters.theaters.map((t) => t.id),
    new Date(buildDate),
    `/site-assets/posters/${poster}`,
  );
  const catalogueFile = path.join(siteDir, "catalogue.json");
  writeFileSync(catalogueFile, JSON.stringify(catalogue));
  const env = { SITE: args.site, BUILD_DATE: buildDate };

  console.log(`bench:build  site=${args.site} films=${args.films} cores=${os.cpus().length} scratch=${scratch}`);
  const cold = await timedBuild(scratch, siteBuild, env);
  const filmDirs = readdirSync(path.join(scratch, "public", "films"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d+-/.test(d.name))
    .map((d) => d.name)
    .sort();
  const html = htmlStep(cold.log);
  console.log(`film pages built:     ${filmDirs.length}`);
  console.log(`cold build time:      ${cold.seconds.toFixed(1)} s`);
  console.log(
    `HTML step:            ${html ? `${html.seconds.toFixed(1)} s, ${(html.pages / html.seconds).toFixed(0)} pages/s (${html.pages} pages)` : "?"}`,
  );
  console.log(
    `peak memory (RSS):    ${mib(cold.peak)} (build process tree, sampled every 250 ms, after "${cold.peakAfter}"; Gatsby's main process alone ${mib(cold.peakMain)}, after "${cold.peakMainAfter}")`,
  );
  // The first film page's page data, and the heaviest (the film with the most showtimes).
  const pageDataOf = (dir: string) => path.join(scratch, "public", "page-data", "films", dir, "page-data.json");
  const sizes = filmDirs
    .filter((dir) => existsSync(pageDataOf(dir)))
    .map((dir) => ({ dir, raw: readFileSync(pageDataOf(dir)) }));
  const heaviest = sizes.reduce<(typeof sizes)[number] | undefined>(
    (max, s) => (!max || s.raw.length > max.raw.length ? s : max),
    undefined,
  );
  for (const [label, sample] of [
    ["first", sizes[0]],
    ["heaviest", heaviest],
  ] as const)
    if (sample)
      console.log(
        `film page-data.json:  ${kb(sample.raw.length)} raw, ${kb(gzipSync(sample.raw).length)} gzip (${label}: /films/${sample.dir}/)`,
      );
  // The other pages' data, heaviest first: those that grow with the catalogue show here (the home
  // page's is fetched on every first visit).
  const pageDataRoot = path.join(scratch, "public", "page-data");
  const others = readdirSync(pageDataRoot, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(pageDataRoot, d.name, "page-data.json")))
    .map((d) => ({
      page: d.name === "index" ? "/" : `/${d.name}/`,
      raw: readFileSync(path.join(pageDataRoot, d.name, "page-data.json")),
    }))
    .sort((a, b) => b.raw.length - a.raw.length);
  console.log(
    `other page-data.json: home ${kb(others.find((o) => o.page === "/")?.raw.length ?? 0)}; heaviest ${others
      .slice(0, 5)
      .map((o) => `${o.page} ${kb(o.raw.length)}`)
      .join(", ")}`,
  );
  // Gatsby's runtime chunk, loaded by every page: what grows with the catalogue would show here.
  for (const file of readdirSync(path.join(scratch, "public")).filter((f) => /^app-[0-9a-f]+\.js$/.test(f))) {
    const raw = readFileSync(path.join(scratch, "public", file));
    console.log(`app script:           ${kb(raw.length)} raw, ${kb(gzipSync(raw).length)} gzip (${file})`);
  }
  console.log("per-step times (Gatsby's own):");
  printSteps(buildSteps(cold.log));

  if (args.floor) {
    const installStarted = Date.now();
    const install = floorInstall(root);
    const nodeModules = path.join(install.dir, "node_modules");
    const versions = floorVersions(nodeModules);
    const floorDir = path.join(install.dir, "site");
    writeFloorSite(floorDir, catalogue.films);
    const floor = await timedBuild(floorDir, [path.join(nodeModules, ".bin", "gatsby"), "build"], {});
    const floorHtml = htmlStep(floor.log);
    console.log(
      `floor (bare Gatsby, ${args.films} pages, its own install of ${Object.entries(versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(
          ", ",
        )}${install.installed ? `, installed now in ${((Date.now() - installStarted) / 1000).toFixed(0)} s` : ", kept"}):`,
    );
    console.log(
      `  build time:         ${floor.seconds.toFixed(1)} s (the project's cold build: ${cold.seconds.toFixed(1)} s)`,
    );
    console.log(
      `  HTML step:          ${floorHtml ? `${floorHtml.seconds.toFixed(1)} s, ${(floorHtml.pages / floorHtml.seconds).toFixed(0)} pages/s` : "?"}`,
    );
    console.log(`  peak memory (RSS):  ${mib(floor.peak)}`);
    console.log(`ratio cold / floor:   ${(cold.seconds / floor.seconds).toFixed(2)}`);
    if (html && floorHtml)
      console.log(
        `HTML pages/s ratio:   ${(html.pages / html.seconds / (floorHtml.pages / floorHtml.seconds)).toFixed(2)} of the floor's`,
      );
    if (!args.keep) rmSync(floorDir, { recursive: true, force: true });
  }

  if (args.incremental) {
    const changed = Math.floor(args.films / 2);
    const film = catalogue.films[changed]!;
    film.synopsis = `${film.synopsis} (Synopsis revu pour la mesure incrémentale.)`;
    writeFileSync(catalogueFile, JSON.stringify(catalogue));
    const warm = await timedBuild(scratch, siteBuild, env);
    const warmHtml = htmlStep(warm.log);
    console.log(`incremental (film ${film.id}'s synopsis changed, warm cache, BUILD_DATE=${buildDate}):`);
    console.log(
      `  build time:         ${warm.seconds.toFixed(1)} s (${((warm.seconds / cold.seconds) * 100).toFixed(0)}% of cold)`,
    );
    console.log(`  pages rendered:     ${warmHtml ? warmHtml.pages : 0}`);
    console.log(`  peak memory (RSS):  ${mib(warm.peak)}`);
    console.log("  per-step times:");
    printSteps(buildSteps(warm.log));
  }
  if (!args.keep) rmSync(scratch, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

// npm run bench:build -- --films N [--site lumiere] [--keep]
// Generates a synthetic catalogue of N films (with a weekly programme) into a temporary copy of
// a site, builds it in a scratch copy of the project (so public/ and .cache/ here are untouched),
// and prints total build time, film pages per second and the build's peak memory.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchProject } from "./scratch";

type Args = { films: number; site: string; keep: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { films: 1000, site: "lumiere", keep: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === "--films") args.films = Number(argv[++i]);
    else if (flag === "--site") args.site = String(argv[++i]);
    else if (flag === "--keep") args.keep = true;
  }
  if (!Number.isInteger(args.films) || args.films < 1) throw new Error("--films expects a positive whole number");
  return args;
}

const genres = ["Drame", "Comédie", "Thriller", "Animation", "Science-fiction", "Aventure", "Documentaire"];
const days = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

export function syntheticCatalogue(count: number, theaterIds: string[], today: Date) {
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
      poster: { src: "/site-assets/posters/1000021001.svg", width: 400, height: 600 },
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

function peakRssOfTree(rootPid: number): number {
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
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = process.cwd();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "venue-bench-"));
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
  writeFileSync(
    path.join(siteDir, "catalogue.json"),
    JSON.stringify(
      syntheticCatalogue(
        args.films,
        theaters.theaters.map((t) => t.id),
        new Date(),
      ),
    ),
  );

  console.log(`bench:build  site=${args.site} films=${args.films} cores=${os.cpus().length} scratch=${scratch}`);
  const started = process.hrtime.bigint();
  const child = spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
    cwd: scratch,
    env: { ...process.env, SITE: args.site, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, peakRssOfTree(child.pid!))), 250);
  const code: number = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(timer);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) {
    console.error(log.slice(-4000));
    console.error(`build failed with exit code ${code}`);
    process.exit(1);
  }
  const filmPages = readdirSync(path.join(scratch, "public", "films"), { withFileTypes: true }).filter(
    (d) => d.isDirectory() && /^\d+-/.test(d.name),
  ).length;
  const htmlStep = /Building static HTML for pages - ([\d.]+)s/.exec(log.replace(/\x1b\[[0-9;]*m/g, ""))?.[1];
  console.log(`film pages built:     ${filmPages}`);
  console.log(`total build time:     ${seconds.toFixed(1)} s`);
  console.log(
    `film pages / second:  ${(filmPages / seconds).toFixed(1)} (whole build)${htmlStep ? `, ${(filmPages / Number(htmlStep)).toFixed(1)} in the HTML step (${htmlStep} s)` : ""}`,
  );
  console.log(`peak memory (RSS):    ${(peak / 1024 / 1024).toFixed(0)} MiB (build process tree)`);
  if (!args.keep) rmSync(scratch, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

// npm run build:e2e [-- variant ...]: builds the sites the browser tests run against (e2e/variants.ts),
// two at a time (E2E_BUILD_JOBS).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SANDBOX_TICKETING_URL, VARIANTS, type VariantName } from "../e2e/variants";
import { scratchProject } from "./scratch";

const root = process.cwd();
const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = (requested.length ? requested : Object.keys(VARIANTS)) as VariantName[];
// Two builds at a time: a Gatsby build keeps both cores busy only part of the time (webpack and the
// query runner are single-threaded). Measured on 2 cores for the five variants: 538 s two at a time
// (190–270 s each), 653 s one at a time (118–168 s each). E2E_BUILD_JOBS=1 builds them in turn.
const jobs = Math.max(1, Number(process.env.E2E_BUILD_JOBS || 2));

for (const name of names) {
  if (!VARIANTS[name]) {
    console.error(`Unknown variant "${name}". Known: ${Object.keys(VARIANTS).join(", ")}`);
    process.exit(1);
  }
}

function prepare(name: VariantName): string {
  const variant = VARIANTS[name];
  const dir = path.resolve(root, variant.dir);
  if (variant.dir !== ".") scratchProject(root, dir);
  if ("settings" in variant) {
    // Only ever a scratch copy: the checkout's own site-config/ stays as committed.
    if (variant.dir === ".")
      throw new Error(`variant "${name}" lays settings over site-config/: give it a scratch dir`);
    const file = path.join(dir, "site-config", variant.env.SITE, "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...settings, ...variant.settings }, null, 2));
  }
  if ("filmTitles" in variant && variant.filmTitles) renameFilms(dir, variant.env.SITE, variant.filmTitles);
  return dir;
}

/** Builds one variant; its output is printed whole when it ends, so two builds' lines do not mix. */
function build(name: VariantName): Promise<boolean> {
  const variant = VARIANTS[name];
  const dir = prepare(name);
  const started = Date.now();
  console.log(`build:e2e  ${name} → ${path.relative(root, dir) || "."}`);
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build", "--silent"], {
      cwd: dir,
      env: {
        ...process.env,
        ...variant.env,
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
      if (status === 0) {
        // Gatsby's own step timings stay in the log: where a build spends its time.
        const steps = output.split("\n").filter((line) => /^success .* - \d+\.\d+s/.test(line));
        console.log(`build:e2e  ${name} built in ${seconds} s\n${steps.map((line) => `  ${line}`).join("\n")}`);
      } else console.error(`${output}\nbuild:e2e  ${name} failed after ${seconds} s`);
      resolve(status === 0);
    });
  });
}

async function main(): Promise<void> {
  const queue = [...names];
  const failed: string[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) if (!(await build(name))) failed.push(name);
    }),
  );
  console.log(
    `build:e2e  ${names.length - failed.length} of ${names.length} built in ${((Date.now() - started) / 1000).toFixed(1)} s, ${jobs} at a time`,
  );
  if (failed.length) process.exit(1);
}

/** Renames films in a scratch copy's catalogue (never in place: the default build reads this checkout's). */
function renameFilms(dir: string, site: string, titles: Record<string, string>): void {
  if (path.resolve(dir) === root) throw new Error("filmTitles: only a copy's catalogue is edited");
  const file = path.join(dir, "site-config", site, "catalogue.json");
  const catalogue = JSON.parse(readFileSync(file, "utf8")) as { films: { id: number; title: string }[] };
  for (const [id, title] of Object.entries(titles)) {
    const film = catalogue.films.find((f) => String(f.id) === id);
    if (!film) throw new Error(`filmTitles: no film ${id} in ${file}`);
    film.title = title;
  }
  writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
}

void main();

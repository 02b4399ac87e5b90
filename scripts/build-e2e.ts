// npm run build:e2e [-- variant ...]: builds the sites the browser tests run against (e2e/variants.ts),
// one after the other (each Gatsby build already uses both cores).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SANDBOX_TICKETING_URL, VARIANTS, type VariantName } from "../e2e/variants";
import { scratchProject } from "./scratch";

const root = process.cwd();
const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = (requested.length ? requested : Object.keys(VARIANTS)) as VariantName[];

for (const name of names) {
  const variant = VARIANTS[name];
  if (!variant) {
    console.error(`Unknown variant "${name}". Known: ${Object.keys(VARIANTS).join(", ")}`);
    process.exit(1);
  }
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
  const started = Date.now();
  console.log(`build:e2e  ${name} → ${path.relative(root, dir) || "."}`);
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: dir,
    stdio: "inherit",
    env: {
      ...process.env,
      ...variant.env,
      TICKETING_URL: process.env.TICKETING_URL || SANDBOX_TICKETING_URL,
      GATSBY_TELEMETRY_DISABLED: "1",
    },
  });
  if (result.status !== 0) {
    console.error(`build:e2e  ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`build:e2e  ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

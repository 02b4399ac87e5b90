// npm run bench:search [-- --films N]
// What the film search costs a visitor who starts searching (issue 45): the engine's code, and the
// index the build publishes (/film-search.json) for the two sample sites and for a synthetic
// catalogue of N films (5,000 by default: the bar is 150 KB gzip). Next to it, the engine's own
// serialised index, which the published rows replace, and the time the browser spends indexing them.
// The synthetic films are made of invented words and names: titles of random words with the
// articles real titles share, people drawn from a pool of 12,000 (a few recur often, as actors do
// across a catalogue). Invented words repeat less than real ones, so gzip does worse than on a real
// catalogue: a cautious figure.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, gzipSync } from "node:zlib";
import MiniSearch from "minisearch";
import { filmPath } from "../src/catalogue/films";
import { createFilmSearch } from "../src/catalogue/search-engine";
import {
  buildSearchIndex,
  parseSearchIndex,
  type IndexedFilm,
  type SearchIndexFile,
} from "../src/catalogue/search-index";
import { searchWords } from "../src/catalogue/search";
import { SAMPLE_CONFIG_ROOT } from "../src/config/__fixtures__/temp-site";
import { loadSiteConfig } from "../src/config/load";
import { buildSiteModel } from "../src/site/model";

/** The bar for the index at 5,000 films. */
export const INDEX_BUDGET_GZIP_BYTES = 150 * 1024;

export type Weight = { rawBytes: number; gzipBytes: number; brotliBytes: number };

export function weightOf(text: string): Weight {
  const bytes = Buffer.from(text);
  return {
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    brotliBytes: brotliCompressSync(bytes).length,
  };
}

/** A seeded generator (mulberry32): the same catalogue on every run. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  "ba be bi bo lu la le mar ri ne son ta to ver qui an on ste fa de mo chel ro sa li ka ju el ter nor vin".split(" ");
const ARTICLES = ["le", "la", "les", "de", "du", "des", "un", "une", "the", "of", "a", "in", "et", "and"];
const GENRES = [
  "Drame",
  "Comédie",
  "Thriller",
  "Animation",
  "Science-fiction",
  "Aventure",
  "Documentaire",
  "Horreur",
  "Romance",
  "Policier",
  "Famille",
  "Historique",
  "Musical",
  "Guerre",
  "Western",
  "Biopic",
  "Fantastique",
  "Action",
  "Sport",
  "Court métrage",
];

/** N films of invented words: titles of 1 to 4 words, a third with an original title, 2 to 12 cast members. */
export function syntheticFilms(count: number): IndexedFilm[] {
  const random = randomFrom(45);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const word = () => {
    const syllables = 1 + Math.floor(random() * 3);
    const text = Array.from({ length: syllables }, () => pick(SYLLABLES)).join("");
    return random() < 0.1 ? `${text}é` : text;
  };
  const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  const vocabulary = Array.from({ length: 3000 }, word);
  const firstNames = Array.from({ length: 600 }, () => capital(word()));
  const lastNames = Array.from({ length: 4000 }, () => capital(`${word()}${pick(SYLLABLES)}`));
  const people = Array.from({ length: 12_000 }, () => `${pick(firstNames)} ${pick(lastNames)}`);
  // Skewed towards the head of the pool: some people are in many films, most in one or two.
  const person = () => people[Math.floor(random() ** 2 * people.length)]!;
  const titleWord = () => (random() < 0.3 ? pick(ARTICLES) : pick(vocabulary));
  const phrase = () => capital(Array.from({ length: 1 + Math.floor(random() * 4) }, titleWord).join(" "));
  let id = 1_000_000;
  return Array.from({ length: count }, (): IndexedFilm => {
    // Ids as a catalogue has them: increasing, with gaps (films withdrawn, other sites').
    id += 1 + Math.floor(random() * 40);
    const title = phrase();
    const path = filmPath(id, title, "fr-FR");
    return {
      id,
      title,
      originalTitle: random() < 0.33 ? phrase() : null,
      slug: path.slice("/films/".length, -1),
      genres: Array.from(new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(GENRES)))),
      cast: Array.from({ length: 2 + Math.floor(random() * 11) }, person),
      directors: Array.from({ length: random() < 0.1 ? 2 : 1 }, person),
      releaseDate: `${1950 + Math.floor(random() * 77)}-06-15`,
    };
  });
}

/** The engine's own index of the same films, serialised: what publishing it instead would weigh. */
function engineSerialised(file: SearchIndexFile): string {
  const films = parseSearchIndex(file)!;
  const engine = new MiniSearch({
    fields: ["title", "originalTitle", "directors", "cast", "genres"],
    storeFields: ["path", "title", "year"],
    tokenize: searchWords,
    processTerm: (term) => term,
    extractField: (film: Record<string, unknown>, field) => {
      const value = film[field];
      return Array.isArray(value) ? value.join(" ") : value;
    },
  });
  engine.addAll(films);
  return JSON.stringify(engine);
}

/** The engine's code as the browser's chunk would have it: search-engine.ts and MiniSearch, minified. */
function engineCode(): Weight {
  const esbuild = path.join("node_modules", ".bin", "esbuild");
  const code = execFileSync(
    esbuild,
    ["src/catalogue/search-engine.ts", "--bundle", "--minify", "--format=esm", "--target=es2020"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  return weightOf(code);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label: string, w: Weight) =>
  `${label.padEnd(34)} ${kb(w.rawBytes).padStart(10)} raw ${kb(w.gzipBytes).padStart(9)} gzip ${kb(w.brotliBytes).padStart(9)} brotli`;

async function main(): Promise<number> {
  const at = process.argv.indexOf("--films");
  const count = at > 0 ? Number(process.argv[at + 1]) : 5000;
  console.log(line("engine (search-engine.ts + MiniSearch)", engineCode()));
  for (const siteId of ["lumiere", "starlight"]) {
    const { films } = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId }), new Date());
    console.log(line(`index, ${siteId} (${films.length} films)`, weightOf(JSON.stringify(buildSearchIndex(films)))));
  }
  const file = buildSearchIndex(syntheticFilms(count));
  const index = weightOf(JSON.stringify(file));
  console.log(line(`index, ${count} synthetic films`, index));
  console.log(line(`  (MiniSearch's own, serialised)`, weightOf(engineSerialised(file))));
  const films = parseSearchIndex(JSON.parse(JSON.stringify(file)))!;
  const started = performance.now();
  const search = createFilmSearch(films);
  const indexed = performance.now();
  search.search("mar");
  console.log(
    `indexing ${count} films in the engine: ${(indexed - started).toFixed(0)} ms; a search: ${(performance.now() - indexed).toFixed(1)} ms (this machine)`,
  );
  const within = index.gzipBytes <= INDEX_BUDGET_GZIP_BYTES;
  if (count === 5000)
    console.log(`index at 5,000 films: ${kb(index.gzipBytes)} gzip, ${within ? "within" : "OVER"} the 150 KB bar`);
  return within ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename))
  void main().then((code) => process.exit(code));

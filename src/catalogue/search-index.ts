// The film search's index as the build publishes it beside the pages: the searchable words of every
// film and what a suggestion shows, and nothing of the search engine's own structures. The browser
// fetches it when the visitor starts searching and the engine (search-engine.ts) indexes it there:
// the engine's own serialised index of the same films is more than twice the weight over the wire
// (npm run bench:search: 321 KB against 148 KB gzip at 5,000 films).
import { normaliseForSearch } from "./search";
import type { Film } from "./types";

export const FILM_SEARCH_INDEX_PATH = "/film-search.json";

/** Bumped when the rows change shape: a page from before a deploy then falls back to its own filter. */
export const FILM_SEARCH_INDEX_VERSION = 1;

/**
 * Cast members indexed per film, in billing order: the names a visitor searches by are the top
 * of the bill. Full cast lists (up to 100) would multiply the index's weight, and at 5,000 films a
 * fourth name took it over the 150 KB gzip bar (issue 45; npm run bench:search).
 */
export const INDEXED_CAST = 3;

/** A film as the search finds it and a suggestion shows it. */
export type SearchableFilm = {
  id: number;
  path: string;
  title: string;
  /** Null when it is the title. */
  originalTitle: string | null;
  directors: string[];
  cast: string[];
  genres: string[];
  /** Release year, to tell remakes and namesakes apart in the suggestions. */
  year: number | null;
};

/**
 * The films column by column (gzip finds more in a column of titles than in rows mixing titles,
 * numbers and names), sorted by id. Directors and cast are indexes into `people` (an actor plays in
 * many films: a name is written once), genres indexes into `genres`.
 */
export type SearchIndexFile = {
  version: number;
  people: string[];
  genres: string[];
  /** The ids in increasing order, each as its difference from the one before (the first as itself): small numbers. */
  idSteps: number[];
  /** The page's slug after "{id}-", "" when the title gives it (see `plainSlug`). */
  slugs: string[];
  titles: string[];
  /** "" when it is the title. */
  originalTitles: string[];
  directors: number[][];
  cast: number[][];
  filmGenres: number[][];
  /** Release year, 0 when none. */
  years: number[];
};

/**
 * The slug most titles have (folded, every run of other characters a "-"), which the browser can
 * make again: the build writes a film's slug only when slugify made another one ("&" → "et", a
 * long title cut), so the index does not carry every title twice.
 */
export function plainSlug(title: string): string {
  return normaliseForSearch(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Each distinct value once, the most used first (the indexes that stand for them most often are
 * the shortest numbers); `indexOf` gives a value's place.
 */
function tableOf(uses: readonly string[]) {
  const counts = new Map<string, number>();
  for (const value of uses) counts.set(value, (counts.get(value) ?? 0) + 1);
  // Map keeps first-use order, and the sort is stable: ties stay in that order.
  const values = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
  const places = new Map(values.map((value, place) => [value, place]));
  return { values, indexOf: (value: string) => places.get(value)! };
}

/** What the index keeps of a film. */
export type IndexedFilm = Pick<
  Film,
  "id" | "slug" | "title" | "originalTitle" | "directors" | "cast" | "genres" | "releaseDate"
>;

/** The file the build writes: every film of the catalogue. */
export function buildSearchIndex(films: readonly IndexedFilm[]): SearchIndexFile {
  const byId = [...films].sort((a, b) => a.id - b.id);
  const castOf = (film: IndexedFilm) => film.cast.slice(0, INDEXED_CAST);
  const people = tableOf(byId.flatMap((film) => [...film.directors, ...castOf(film)]));
  const genres = tableOf(byId.flatMap((film) => film.genres));
  return {
    version: FILM_SEARCH_INDEX_VERSION,
    idSteps: byId.map((film, i) => film.id - (byId[i - 1]?.id ?? 0)),
    slugs: byId.map((film) => {
      const slug = film.slug.slice(`${film.id}-`.length);
      return slug === plainSlug(film.title) ? "" : slug;
    }),
    titles: byId.map((film) => film.title),
    originalTitles: byId.map((film) => film.originalTitle ?? ""),
    directors: byId.map((film) => film.directors.map(people.indexOf)),
    cast: byId.map((film) => castOf(film).map(people.indexOf)),
    filmGenres: byId.map((film) => film.genres.map(genres.indexOf)),
    years: byId.map((film) => (film.releaseDate ? Number(film.releaseDate.slice(0, 4)) : 0)),
    people: people.values,
    genres: genres.values,
  };
}

const isString = (value: unknown): value is string => typeof value === "string";
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** The values a list of indexes points to, or null when one points nowhere. */
function valuesAt(indexes: unknown, table: readonly string[]): string[] | null {
  if (!Array.isArray(indexes)) return null;
  const values = indexes.map((index) => (typeof index === "number" ? table[index] : undefined));
  return values.every(isString) ? values : null;
}

const COLUMNS = [
  "idSteps",
  "slugs",
  "titles",
  "originalTitles",
  "directors",
  "cast",
  "filmGenres",
  "years",
] as const satisfies readonly (keyof SearchIndexFile)[];

/**
 * Reads the fetched file. A file of another version or shape is no index at all (null: the page
 * keeps its own title filter); a malformed film is left out rather than losing the others.
 */
export function parseSearchIndex(value: unknown): SearchableFilm[] | null {
  if (typeof value !== "object" || value === null) return null;
  const file = value as Record<string, unknown>;
  const { version, people, genres } = file;
  if (version !== FILM_SEARCH_INDEX_VERSION || !isStringList(people) || !isStringList(genres)) return null;
  const columns = COLUMNS.map((name) => file[name]);
  if (!columns.every((column): column is unknown[] => Array.isArray(column))) return null;
  const [
    idSteps = [],
    slugs = [],
    titles = [],
    originalTitles = [],
    directors = [],
    cast = [],
    filmGenres = [],
    years = [],
  ] = columns;
  if (columns.some((column) => column.length !== idSteps.length)) return null;
  const films: SearchableFilm[] = [];
  let id = 0;
  for (let i = 0; i < idSteps.length; i += 1) {
    const step = idSteps[i];
    // The ids are steps: a broken one breaks every id after it.
    if (typeof step !== "number" || !Number.isSafeInteger(step) || step <= 0) return null;
    id += step;
    const [slug, title, originalTitle, year] = [slugs[i], titles[i], originalTitles[i], years[i]];
    if (!isString(slug) || !/^[a-z0-9-]*$/.test(slug) || !isString(title) || !isString(originalTitle)) continue;
    const filmDirectors = valuesAt(directors[i], people);
    const filmCast = valuesAt(cast[i], people);
    const genresOfFilm = valuesAt(filmGenres[i], genres);
    if (!filmDirectors || !filmCast || !genresOfFilm || typeof year !== "number") continue;
    films.push({
      id,
      path: `/films/${id}-${slug || plainSlug(title)}/`,
      title,
      originalTitle: originalTitle || null,
      directors: filmDirectors,
      cast: filmCast,
      genres: genresOfFilm,
      year: year || null,
    });
  }
  return films;
}

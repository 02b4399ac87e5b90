// The film search's engine: MiniSearch (docs/decisions.md) over the published rows. Loaded with the
// index when the visitor starts searching (film-search.ts), never in a page's first load.
import MiniSearch, { type SearchOptions } from "minisearch";
import type { SearchableFilm } from "./search-index";
import { searchWords, SUGGESTED_FILMS } from "./search";

/** What a match in each field is worth: a film whose title answers comes before one whose cast does. */
const FIELD_BOOSTS = { title: 6, originalTitle: 4, directors: 3, cast: 2, genres: 1 } as const;
const FIELDS = Object.keys(FIELD_BOOSTS);

/** Words this long forgive one typo ("marchall", "orbte"); shorter ones would match half the catalogue. */
export const FUZZY_FROM_LENGTH = 5;

/** What the search answers. */
export type FilmSearch = {
  /** The films answering every word of the query, best first. */
  search(query: string, limit?: number): SearchableFilm[];
  /**
   * For a query nothing answers: the films whose titles come closest (any word, two typos
   * forgiven), so the visitor gets somewhere rather than to an empty page.
   */
  closest(query: string, limit?: number): SearchableFilm[];
};

const OPTIONS: SearchOptions = {
  boost: FIELD_BOOSTS,
  // Every word must answer, in any field and any order: "ombres lac", "marius morel".
  combineWith: "AND",
  // Each word may be the start of one ("orbi"): the box searches as the visitor types.
  prefix: true,
  fuzzy: (term) => (term.length >= FUZZY_FROM_LENGTH ? 1 : false),
};

const CLOSEST: SearchOptions = {
  fields: ["title", "originalTitle"],
  combineWith: "OR",
  prefix: true,
  fuzzy: (term) => (term.length >= 4 ? 2 : term.length >= 3 ? 1 : false),
};

export function createFilmSearch(films: readonly SearchableFilm[]): FilmSearch {
  const byId = new Map(films.map((film) => [film.id, film]));
  const engine = new MiniSearch<SearchableFilm>({
    fields: FIELDS,
    // The same words for the films and the query: folded (accents, case, ligatures), split at
    // anything not a letter or digit, so "Reine de cœur" and "coeur" meet.
    tokenize: searchWords,
    processTerm: (term) => term,
    // Arrays (directors, cast, genres) as one text of their names; the id (MiniSearch reads it
    // through here too) as it is.
    extractField: (film, field) => {
      const value = film[field as keyof SearchableFilm];
      return Array.isArray(value) ? value.join(" ") : (value ?? "");
    },
    searchOptions: OPTIONS,
  });
  engine.addAll(films);
  const filmsOf = (results: readonly { id: unknown }[], limit: number) =>
    results.flatMap((result) => byId.get(result.id as number) ?? []).slice(0, limit);
  return {
    search: (query, limit = Infinity) => filmsOf(engine.search(query), limit),
    closest: (query, limit = SUGGESTED_FILMS) => filmsOf(engine.search(query, CLOSEST), limit),
  };
}

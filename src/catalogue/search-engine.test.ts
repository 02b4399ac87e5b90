// The film search on the sample sites' catalogues: what a moviegoer types, and what comes first.
import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "../site/model";
import { createFilmSearch, type FilmSearch } from "./search-engine";
import { buildSearchIndex, parseSearchIndex, type SearchableFilm } from "./search-index";

const searches = new Map<string, FilmSearch>();
beforeAll(async () => {
  for (const siteId of ["lumiere", "starlight"]) {
    const config = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId });
    const { films } = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"));
    // Through the published file, as the browser gets it.
    const published = parseSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(films))));
    searches.set(siteId, createFilmSearch(published!));
  }
});

const titles = (films: readonly SearchableFilm[]) => films.map((film) => film.title);

describe("the film search on the sample catalogues", () => {
  it.each([
    // [site, what is typed, the films found, best first]
    ["lumiere", "coeur", ["Reine de cœur"], "a ligature typed as two letters"],
    ["lumiere", "REINE DE CŒUR", ["Reine de cœur"], "case and the ligature itself"],
    ["lumiere", "ombres lac", ["Les Ombres du lac"], "two words of a title"],
    ["lumiere", "lac ombres", ["Les Ombres du lac"], "the words in another order"],
    ["lumiere", "Marchal", ["Les Ombres du lac"], "a director"],
    ["lumiere", "nadia berrada", ["Les Ombres du lac"], "a cast member"],
    ["lumiere", "low orbit", ["Orbite basse"], "an original title"],
    ["lumiere", "thriller", ["Les Ombres du lac"], "a genre"],
    ["lumiere", "orbi", ["Orbite basse"], "the start of a word"],
    ["lumiere", "marchall", ["Les Ombres du lac"], "a letter too many"],
    ["lumiere", "orbute", ["Orbite basse"], "a letter wrong"],
    ["lumiere", "la derniere", ["La Dernière Cordée"], "accents left out"],
    ["lumiere", "elise garnier", ["La Dernière Cordée"], "a director's accented first name"],
    ["lumiere", "zzzz", [], "nothing"],
    ["lumiere", "ombres zzzz", [], "every word must answer"],
    ["starlight", "coeur", ["Queen of Hearts"], "the original title's ligature"],
    [
      "starlight",
      "marius",
      ["Marius and the Puppet Theater", "Highway Nine", "Untitled Harbor Project"],
      "the title first, then Marcus Bell's films (one letter away)",
    ],
    ["starlight", "petit theatre", ["Marius and the Puppet Theater"], "an accented original title"],
    ["starlight", "whitfeld", ["Low Orbit"], "a director with a letter missing"],
    ["starlight", "highwy nine", ["Highway Nine"], "a title with a letter missing"],
    ["starlight", "horror", ["Static"], "a genre"],
    ["starlight", "priya", ["Static"], "a cast member's first name"],
    ["starlight", "zzzz", [], "nothing"],
  ])("on %s, %j finds %j (%s)", (site, query, expected) => {
    expect(titles(searches.get(site)!.search(query))).toEqual(expected);
  });

  it.each([
    ["lumiere", "orbute basse", ["Orbite basse"]],
    ["starlight", "quite ours", ["The Quiet Hours"]],
    ["lumiere", "zzzz", []],
  ])("on %s, %j comes close to %j (a search with no result)", (site, query, expected) => {
    expect(titles(searches.get(site)!.closest(query)).slice(0, expected.length)).toEqual(expected);
  });
});

describe("the ranking", () => {
  const film = (id: number, fields: Partial<SearchableFilm>): SearchableFilm => ({
    id,
    path: `/films/${id}-film/`,
    title: `Film ${id}`,
    originalTitle: null,
    directors: [],
    cast: [],
    genres: [],
    year: null,
    ...fields,
  });
  // "Noir" in a different field of each film, listed in the reverse of the expected order.
  const search = createFilmSearch([
    film(1, { genres: ["Noir"] }),
    film(2, { cast: ["Jean Noir"] }),
    film(3, { directors: ["Anne Noir"] }),
    film(4, { originalTitle: "Noir Night" }),
    film(5, { title: "Noir Soir" }),
  ]);

  it("title, then original title, director, cast, genre", () => {
    expect(search.search("noir").map((f) => f.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it("a whole word before the start of one or a typo", () => {
    const s = createFilmSearch([film(1, { title: "Noirs" }), film(2, { title: "Moir" }), film(3, { title: "Noir" })]);
    expect(s.search("noir").map((f) => f.id)).toEqual([3, 1]);
    expect(s.search("noir", 1).map((f) => f.id)).toEqual([3]);
  });
});

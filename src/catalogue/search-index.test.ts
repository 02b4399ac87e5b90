import {
  buildSearchIndex,
  type IndexedFilm,
  FILM_SEARCH_INDEX_VERSION,
  INDEXED_CAST,
  parseSearchIndex,
} from "./search-index";

const film = (fields: Partial<IndexedFilm>): IndexedFilm => ({
  id: 7,
  title: "Reine de cœur",
  originalTitle: null,
  slug: "7-reine-de-coeur",
  genres: ["Comédie", "Sport"],
  cast: ["Alice Tran", "Marc Delorme"],
  directors: ["Inès Roussel"],
  releaseDate: "2026-12-16",
  ...fields,
});

describe("the published search index", () => {
  it("reads back what the build wrote", () => {
    const films = [
      film({}),
      film({
        id: 8,
        slug: "8-queen",
        title: "Queen",
        originalTitle: "Reine",
        releaseDate: null,
        genres: ["Sport"],
      }),
    ];
    const file = buildSearchIndex(films);
    // The most used first; ids as steps; the slug only where the title does not give it.
    expect(file.genres).toEqual(["Sport", "Comédie"]);
    expect(file.idSteps).toEqual([7, 1]);
    expect(file.slugs).toEqual(["", ""]);
    expect(parseSearchIndex(JSON.parse(JSON.stringify(file)))).toEqual([
      {
        id: 7,
        path: "/films/7-reine-de-coeur/",
        title: "Reine de cœur",
        originalTitle: null,
        directors: ["Inès Roussel"],
        cast: ["Alice Tran", "Marc Delorme"],
        genres: ["Comédie", "Sport"],
        year: 2026,
      },
      {
        id: 8,
        path: "/films/8-queen/",
        title: "Queen",
        originalTitle: "Reine",
        directors: ["Inès Roussel"],
        cast: ["Alice Tran", "Marc Delorme"],
        genres: ["Sport"],
        year: null,
      },
    ]);
  });

  it("keeps the top of the bill only", () => {
    const cast = Array.from({ length: 40 }, (_, i) => `Actor ${i}`);
    const file = buildSearchIndex([film({ cast })]);
    expect(file.cast[0]!.map((place) => file.people[place])).toEqual(cast.slice(0, INDEXED_CAST));
  });

  const published = (films: IndexedFilm[]) =>
    JSON.parse(JSON.stringify(buildSearchIndex(films))) as Record<string, unknown>;

  it("writes the slug where slugify did not make the plain one", () => {
    const file = buildSearchIndex([film({ id: 9, title: "Fast & Furious", slug: "9-fast-et-furious" })]);
    expect(file.slugs).toEqual(["fast-et-furious"]);
    expect(parseSearchIndex(file)?.[0]?.path).toBe("/films/9-fast-et-furious/");
  });

  it.each([
    ["not an object", "nope"],
    ["another version", { ...published([film({})]), version: FILM_SEARCH_INDEX_VERSION + 1 }],
    ["a missing column", { ...published([film({})]), titles: undefined }],
    ["columns of different lengths", { ...published([film({})]), years: [] }],
    ["a broken id step", { ...published([film({})]), idSteps: [-3] }],
  ])("reads %s as no index", (_case, value) => {
    expect(parseSearchIndex(value)).toBeNull();
  });

  it("leaves a malformed film out, and keeps the others", () => {
    const file = published([film({}), film({ id: 8, slug: "8-x", title: "X" })]);
    const titles = file.titles as unknown[];
    titles[0] = 5;
    expect(parseSearchIndex(file)?.map((f) => f.path)).toEqual(["/films/8-x/"]);
    const genres = published([film({})]);
    genres.filmGenres = [[9]];
    expect(parseSearchIndex(genres)).toEqual([]);
  });
});

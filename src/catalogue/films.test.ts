import type { z } from "zod";
import { filmSchema, type Weekday } from "../config/catalogue";
import { filmIdFromPath, filmPath, orderFilms, playWeekOf, releaseFlagsOf, titleSlug, toFilm } from "./films";
import type { PlayWeek, ReleaseFlag } from "./types";
import { itReturns } from "../test/tables";

describe("titleSlug", () => {
  it.each([
    ["Le Petit Théâtre de Marius", "fr-FR", "le-petit-theatre-de-marius"],
    ["Nuit blanche à Marseille", "fr-FR", "nuit-blanche-a-marseille"],
    ["Reine de cœur", "fr-FR", "reine-de-coeur"],
    ["Ça tourne", "fr-FR", "ca-tourne"],
    ["Amélie", "fr-FR", "amelie"],
    ["Hiver 1942", "fr-FR", "hiver-1942"],
    ["Low Orbit", "en-US", "low-orbit"],
    ["Mission: Impossible – Dead Reckoning", "en-US", "mission-impossible-dead-reckoning"],
    ["  Spaces   Everywhere  ", "en-US", "spaces-everywhere"],
    ["Æon Flux", "en-US", "aeon-flux"],
    // "&" is spelled in the site's language.
    ["Élise & Moi", "fr-FR", "elise-et-moi"],
    ["Élise & Moi", "en-US", "elise-and-moi"],
  ])("%j (%s) → %s", (title, locale, expected) => {
    expect(titleSlug(title, locale)).toBe(expected);
  });

  it.each([
    ["word ".repeat(1000), "en-US"],
    ["& ".repeat(200), "fr-FR"],
    ["a".repeat(5000), "en-US"],
  ])("a title of %#, however long, gives a slug of at most 120 characters, cut at a word", (title, locale) => {
    const slug = titleSlug(title, locale);
    expect(slug.length).toBeGreaterThan(0);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(filmPath(1000031466, title, locale).length).toBeLessThan(150);
  });

  it.each(["!!!", "東京物語", ""])('a title with nothing sluggable (%j) falls back to "film"', (title) => {
    expect(titleSlug(title, "en-US")).toBe("film");
  });

  it.each([
    "Les Ombres du lac",
    "Orbite basse",
    "Reine de cœur",
    "Mission: Impossible – Dead Reckoning",
    "L'Été dernier",
    "$100 & 50%",
  ])("only lowercase letters, digits and single inner dashes come out of %j", (title) => {
    expect(titleSlug(title, "fr-FR")).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe("filmPath", () => {
  it.each([
    [1000021003, "Le Petit Théâtre de Marius", "fr-FR", "/films/1000021003-le-petit-theatre-de-marius/"],
    [1000021007, "Reine de cœur", "fr-FR", "/films/1000021007-reine-de-coeur/"],
    [2048, "Low Orbit", "en-US", "/films/2048-low-orbit/"],
    [2055, "東京物語", "en-US", "/films/2055-film/"],
  ])("film %i %j is at %s", (id, title, locale, expected) => {
    expect(filmPath(id, title, locale)).toBe(expected);
  });
});

describe("filmIdFromPath", () => {
  itReturns(
    filmIdFromPath,
    [
      ["/films/2048-low-orbit/", 2048],
      ["/films/2048-low-orbit", 2048],
      ["/films/2048/", 2048],
      ["/films/2048", 2048],
      ["/films/1000031466-film-retire/", 1000031466],
      // An outdated slug still finds the film: the id is what counts.
      ["/films/2048-old-title/", 2048],
    ],
    "%s → %i",
  );

  it.each([
    [1000021003, "Le Petit Théâtre de Marius"],
    [2048, "Low Orbit"],
    [7, "!!!"],
  ])("reads back the id of filmPath(%i, %j)", (id, title) => {
    expect(filmIdFromPath(filmPath(id, title, "fr-FR"))).toBe(id);
  });

  it.each([
    "",
    "/",
    "/films/",
    "/films",
    "/films/abc/",
    "/films/low-orbit-2048/",
    "/films/-1-x/",
    "/films/0/",
    "/films/0-x/",
    "/films/12abc/",
    "/films/1e3/",
    "/films/0x10/",
    "/films/1.5/",
    "/films/ 12/",
    "/films/１２/",
    "/films/99999999999999999999-x/",
    "/films/12-x/extra/",
    "/films/12-x/../13-y/",
    "/films/12-x/?q=1",
    "/films/12-x/#top",
    "/films/12%2F13/",
    "/other/12-x/",
    "films/12-x/",
    "//evil.example/films/12/",
    "https://evil.example/films/12/",
    "/FILMS/12/",
    "/fr/films/12-x/",
  ])("%j is not a film path", (pathname) => {
    expect(filmIdFromPath(pathname)).toBeNull();
  });
});

describe("playWeekOf", () => {
  // Wednesday-start weeks (France). Today is Saturday 2026-11-21, so the current week is Wed 18 – Tue 24.
  const wednesdayRows: [string | null, PlayWeek][] = [
    ["2026-10-01", "CURRENT_PLAYWEEK"],
    ["2026-11-17", "CURRENT_PLAYWEEK"],
    ["2026-11-18", "CURRENT_PLAYWEEK"],
    ["2026-11-24", "CURRENT_PLAYWEEK"],
    ["2026-11-25", "NEXT_PLAYWEEK_1"],
    ["2026-12-01", "NEXT_PLAYWEEK_1"],
    ["2026-12-02", "NEXT_PLAYWEEK_2"],
    ["2026-12-08", "NEXT_PLAYWEEK_2"],
    ["2026-12-09", "NEXT_PLAYWEEK_3"],
    ["2026-12-15", "NEXT_PLAYWEEK_3"],
    ["2026-12-16", "BEYOND_NEXT_PLAYWEEK_3"],
    ["2027-06-01", "BEYOND_NEXT_PLAYWEEK_3"],
    [null, "NEXT_PLAYWEEK_UNDETERMINED"],
  ];
  // Friday-start weeks (US). Today is Saturday 2026-11-21, so the current week is Fri 20 – Thu 26.
  const fridayRows: [string | null, PlayWeek][] = [
    ["2026-11-19", "CURRENT_PLAYWEEK"],
    ["2026-11-20", "CURRENT_PLAYWEEK"],
    ["2026-11-25", "CURRENT_PLAYWEEK"],
    ["2026-11-26", "CURRENT_PLAYWEEK"],
    ["2026-11-27", "NEXT_PLAYWEEK_1"],
    ["2026-12-03", "NEXT_PLAYWEEK_1"],
    ["2026-12-04", "NEXT_PLAYWEEK_2"],
    ["2026-12-11", "NEXT_PLAYWEEK_3"],
    ["2026-12-17", "NEXT_PLAYWEEK_3"],
    ["2026-12-18", "BEYOND_NEXT_PLAYWEEK_3"],
    [null, "NEXT_PLAYWEEK_UNDETERMINED"],
  ];
  describe.each<[Weekday, [string | null, PlayWeek][]]>([
    ["WED", wednesdayRows],
    ["FRI", fridayRows],
  ])("weeks start on %s, today 2026-11-21:", (startsOn, rows) => {
    it.each(rows)("release %s → %s", (releaseDate, expected) => {
      expect(playWeekOf(releaseDate, "2026-11-21", startsOn)).toBe(expected);
    });
  });

  it.each<[string, Weekday, string, PlayWeek]>([
    // today is the first day of the week
    ["2026-11-18", "WED", "2026-11-25", "NEXT_PLAYWEEK_1"],
    ["2026-11-20", "FRI", "2026-11-27", "NEXT_PLAYWEEK_1"],
    // today is the last day of the week: tomorrow starts the next one
    ["2026-11-24", "WED", "2026-11-25", "NEXT_PLAYWEEK_1"],
    ["2026-11-19", "FRI", "2026-11-20", "NEXT_PLAYWEEK_1"],
    ["2026-11-19", "FRI", "2026-11-19", "CURRENT_PLAYWEEK"],
    // across a year end
    ["2026-12-31", "WED", "2027-01-06", "NEXT_PLAYWEEK_1"],
  ])("today %s, weeks start on %s: release %s → %s", (today, startsOn, releaseDate, expected) => {
    expect(playWeekOf(releaseDate, today, startsOn)).toBe(expected);
  });

  it("the same Wednesday release is next week in France but this week in the US (today Saturday 2026-11-21)", () => {
    expect(playWeekOf("2026-11-25", "2026-11-21", "WED")).toBe("NEXT_PLAYWEEK_1");
    expect(playWeekOf("2026-11-25", "2026-11-21", "FRI")).toBe("CURRENT_PLAYWEEK");
  });
});

describe("releaseFlagsOf (today 2026-11-18)", () => {
  const today = "2026-11-18";
  it.each<[string, string | null, string | null, ReleaseFlag[]]>([
    ["released today", "2026-11-18", null, ["NEW"]],
    ["released 6 days ago (the 7th day)", "2026-11-12", null, ["NEW"]],
    ["released 7 days ago", "2026-11-11", null, []],
    ["released long ago", "2026-01-01", "2026-11-18", []],
    ["released tomorrow, shown today (avant-première)", "2026-11-19", "2026-11-18", ["PREVIEW"]],
    ["released next week, first shown on release day", "2026-11-25", "2026-11-25", []],
    ["released next week, first shown after release", "2026-11-25", "2026-11-28", []],
    ["released next week, not shown yet", "2026-11-25", null, []],
    ["released today after an earlier preview", "2026-11-18", "2026-11-15", ["NEW", "PREVIEW"]],
    ["no release date, shown today", null, "2026-11-18", []],
  ])("%s → %j", (_case, releaseDate, firstShowDate, expected) => {
    expect(releaseFlagsOf(releaseDate, today, firstShowDate)).toEqual(expected);
  });
});

describe("orderFilms", () => {
  type Row = { id: number; releaseDate: string | null; title: string };
  const films: Row[] = [
    { id: 1, releaseDate: "2026-11-01", title: "One" },
    { id: 2, releaseDate: "2026-11-18", title: "Two" },
    { id: 3, releaseDate: null, title: "Three" },
    { id: 4, releaseDate: "2026-10-01", title: "Four" },
    { id: 5, releaseDate: "2026-12-02", title: "Five" },
    { id: 6, releaseDate: null, title: "Six" },
  ];
  const ids = (rows: readonly Row[]) => rows.map((f) => f.id);

  it.each([
    ["no index, nothing excluded: newest release first, undated last", [], [], [5, 2, 1, 4, 6, 3]],
    ["globalExcludedMovieIds removes films", [2, 3], [], [5, 1, 4, 6]],
    ["movieOrderIndex films come first, in index order", [], [4, 1], [4, 1, 5, 2, 6, 3]],
    ["an undated film in movieOrderIndex still comes first", [], [3], [3, 5, 2, 1, 4, 6]],
    ["exclusion wins over movieOrderIndex", [4], [4, 1], [1, 5, 2, 6, 3]],
    ["unknown ids in either list are ignored", [99], [98, 2], [2, 5, 1, 4, 6, 3]],
  ])("%s", (_case, excludedIds, orderIndex, expected) => {
    expect(ids(orderFilms(films, { excludedIds, orderIndex, locale: "en-US" }))).toEqual(expected);
  });

  it("breaks ties (same release date, or both undated) by title in the site's language", () => {
    const tied: Row[] = [
      { id: 1, releaseDate: "2026-11-18", title: "Zèbre" },
      { id: 2, releaseDate: "2026-11-18", title: "Élan" },
      { id: 3, releaseDate: "2026-11-18", title: "Eau" },
      { id: 4, releaseDate: null, title: "été" },
      { id: 5, releaseDate: null, title: "Abricot" },
    ];
    expect(orderFilms(tied, { excludedIds: [], orderIndex: [], locale: "fr-FR" }).map((f) => f.title)).toEqual([
      "Eau",
      "Élan",
      "Zèbre",
      "Abricot",
      "été",
    ]);
  });

  it("does not reorder the caller's array", () => {
    const input = [...films];
    orderFilms(input, { excludedIds: [1], orderIndex: [4], locale: "en-US" });
    expect(input).toEqual(films);
  });
});

describe("toFilm", () => {
  /** A film as the catalogue file gives it: what the test names, and the file's defaults for the rest. */
  const filmFromFile = (film: z.input<typeof filmSchema>) => filmSchema.parse(film);

  it("derives path, slug, play week and flags from the config and today", () => {
    const film = toFilm(
      filmFromFile({
        id: 1000021007,
        title: "Reine de cœur",
        originalTitle: "Reine de cœur",
        runtimeMinutes: 101,
        genres: ["Comédie"],
        releaseDate: "2026-12-16",
      }),
      { today: "2026-11-18", startsOn: "WED", locale: "fr-FR", firstShowDate: "2026-11-21", trailer: null },
    );
    expect(film).toMatchObject({
      id: 1000021007,
      path: "/films/1000021007-reine-de-coeur/",
      slug: "1000021007-reine-de-coeur",
      // an original title equal to the title is not repeated
      originalTitle: null,
      certificate: null,
      playWeek: "BEYOND_NEXT_PLAYWEEK_3",
      releaseFlags: ["PREVIEW"],
    });
  });

  it("keeps an original title that differs from the title", () => {
    const film = toFilm(
      filmFromFile({ id: 1, title: "Orbite basse", originalTitle: "Low Orbit", certificate: "Tous publics" }),
      { today: "2026-11-18", startsOn: "WED", locale: "fr-FR", firstShowDate: null, trailer: null },
    );
    expect(film.originalTitle).toBe("Low Orbit");
    expect(film.certificate).toBe("Tous publics");
    expect(film.playWeek).toBe("NEXT_PLAYWEEK_UNDETERMINED");
    expect(film.releaseFlags).toEqual([]);
  });
});

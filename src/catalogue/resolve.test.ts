import { filmIdFromAnyPath, isFilmIndex, resolveFilmPath } from "./resolve";
import { itReturns } from "../test/tables";

const index = { "1000021002": "/films/1000021002-orbite-basse/", "2048": "/films/2048-low-orbit/" };

describe("movie permalinks and /films/* fallback", () => {
  it.each([
    [
      "/permalink/movie/<id> lands on the canonical page",
      "/permalink/movie/1000021002",
      "/films/1000021002-orbite-basse/",
    ],
    ["/permalink/movie/<id>/ with a slash", "/permalink/movie/1000021002/", "/films/1000021002-orbite-basse/"],
    ["/<prefix>/movie/<id> lands on the canonical page", "/movies/movie/2048", "/films/2048-low-orbit/"],
    ["a bare /films/<id>/ lands on the canonical page", "/films/2048/", "/films/2048-low-orbit/"],
    ["an old slug lands on the current one", "/films/2048-old-title/", "/films/2048-low-orbit/"],
    ["an unknown film id resolves to nothing (not-found content)", "/films/99-nothing/", null],
    ["a path without an id resolves to nothing", "/films/about/", null],
    ["the canonical path itself never redirects to itself", "/films/2048-low-orbit/", null],
    ["a permalink to an unknown film resolves to nothing", "/permalink/movie/5", null],
  ])("%s", (_sentence, pathname, expected) => {
    expect(resolveFilmPath(pathname, index)).toBe(expected);
  });

  itReturns(
    filmIdFromAnyPath,
    [
      ["/permalink/movie/2048", 2048],
      ["/movies/movie/1000031466/", 1000031466],
      ["/films/2048-x/", 2048],
      ["/permalink/movie/abc", null],
      ["/films/", null],
    ],
    "film id of %s is %s",
  );

  itReturns(
    isFilmIndex,
    [
      [index, true],
      [{}, true],
      [{ "12": "https://evil.example/films/12/" }, false],
      [{ abc: "/films/1-a/" }, false],
      [["/films/1-a/"], false],
      [null, false],
      ["text", false],
    ],
    "isFilmIndex(%j) is %s, so a tampered index cannot send visitors elsewhere",
  );
});

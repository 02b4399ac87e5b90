import { minimalCatalogue } from "./__fixtures__/minimal";
import { problemsOf } from "./__fixtures__/issues";
import { catalogueFileSchema, filmSchema, programmeEntrySchema, weekdays } from "./catalogue";

const row = { filmId: 1, theaterId: "t1", times: ["20:30"] };
const film = minimalCatalogue.films[0];

describe("catalogueFileSchema defaults", () => {
  it("a minimal catalogue has an empty programme and films get their defaults", () => {
    expect(catalogueFileSchema.parse(minimalCatalogue)).toEqual({
      films: [
        {
          id: 1,
          title: "A Film",
          synopsis: "",
          runtimeMinutes: null,
          genres: [],
          cast: [],
          directors: [],
          releaseDate: null,
          poster: null,
          trailerUrl: "",
        },
      ],
      programme: [],
    });
  });

  it("a programme row plays every day, with no attributes, when it names none", () => {
    expect(programmeEntrySchema.parse(row)).toEqual({ ...row, days: [...weekdays], attributes: [] });
  });

  it.each([
    "/site-assets/posters/1000021001.svg",
    "/site-assets/affiche_2026-v2.final.jpg",
    "https://cdn.example.com/p/42.jpg",
  ])("a poster may be a file of the assets folder or an http(s) URL: %s", (src) => {
    expect(problemsOf(filmSchema, { ...film, poster: { src, width: 400, height: 600 } })).toEqual([]);
  });

  it("parsing the parsed defaults again changes nothing", () => {
    const parsed = catalogueFileSchema.parse({ ...minimalCatalogue, programme: [row] });
    expect(catalogueFileSchema.parse(parsed)).toEqual(parsed);
  });

  it.each(["00:00", "09:05", "19:59", "23:59"])("accepts the time %s", (time) => {
    expect(programmeEntrySchema.safeParse({ ...row, times: [time] }).success).toBe(true);
  });
});

describe("catalogue refusals name the field and what was expected", () => {
  it.each<[string, unknown, string, string]>([
    ["25:00", { ...row, times: ["25:00"] }, "times[0]", 'expected a 24-hour time such as "20:30" (received "25:00")'],
    ["24:00", { ...row, times: ["20:00", "24:00"] }, "times[1]", "expected a 24-hour time"],
    ["20:60", { ...row, times: ["20:60"] }, "times[0]", "expected a 24-hour time"],
    ["9:30 (no leading zero)", { ...row, times: ["9:30"] }, "times[0]", "expected a 24-hour time"],
    ["8pm", { ...row, times: ["8pm"] }, "times[0]", "expected a 24-hour time"],
    ["no times", { ...row, times: [] }, "times", "expected array to have >=1 items"],
    ["an unknown weekday", { ...row, days: ["MOON"] }, "days[0]", "Invalid option"],
    ["a date written day first", { ...row, from: "18/11/2026" }, "from", 'expected a date written "YYYY-MM-DD"'],
    ["an unknown attribute", { ...row, attributes: ["Format.Picture.4DX"] }, "attributes[0]", "Invalid option"],
    ["a film id as a string", { ...row, filmId: "2048" }, "filmId", "expected number"],
  ])("programme row with %s", (_case, data, field, fragment) => {
    expect(problemsOf(programmeEntrySchema, data)).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });

  it.each<[string, unknown, string, string]>([
    ["id 0", { ...film, id: 0 }, "id", "expected number to be >=1"],
    ["a fractional id", { ...film, id: 1.5 }, "id", "expected int"],
    [
      "an impossible release date",
      { ...film, releaseDate: "2026-02-30" },
      "releaseDate",
      'expected a date written "YYYY-MM-DD"',
    ],
    [
      "a javascript: trailer",
      { ...film, trailerUrl: "javascript:alert(1)" },
      "trailerUrl",
      "expected an absolute http:// or https:// URL",
    ],
    [
      "a poster without a width",
      { ...film, poster: { src: "/site-assets/p.svg", height: 600 } },
      "poster.width",
      "(missing)",
    ],
    ["no title", { id: 1 }, "title", "(missing)"],
    // Issue 20: a title this long built, but its page's folder name was too long to serve.
    ["a 5,000-character title", { ...film, title: "t".repeat(5000) }, "title", "expected at most 200 characters"],
    ["a 6,000-character synopsis", { ...film, synopsis: "s".repeat(6000) }, "synopsis", "expected at most 5000"],
    [
      "a runtime of 1e9 minutes",
      { ...film, runtimeMinutes: 1e9 },
      "runtimeMinutes",
      "expected a number from 1 to 1000",
    ],
    [
      "a poster 1e9 pixels wide",
      { ...film, poster: { src: "/site-assets/p.svg", width: 1e9, height: 600 } },
      "poster.width",
      "expected a number from 1 to 10000",
    ],
    ["a misspelled field", { ...film, realeaseDate: "2026-11-18" }, "realeaseDate", "unknown field"],
    [
      "a poster with a space in its file name",
      { ...film, poster: { src: "/site-assets/posters/mon affiche.jpg", width: 400, height: 600 } },
      "poster.src",
      'named with letters, digits, ".", "-", "_" and "/"',
    ],
    [
      "a poster as a data: URL",
      { ...film, poster: { src: "data:image/png;base64,AAAA", width: 400, height: 600 } },
      "poster.src",
      "expected an http(s) URL",
    ],
  ])("film with %s", (_case, data, field, fragment) => {
    expect(problemsOf(filmSchema, data)).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });

  it("places programme problems under programme[i] in the file", () => {
    const problems = problemsOf(catalogueFileSchema, { films: [film], programme: [row, { ...row, times: ["25:00"] }] });
    expect(problems.map((p) => p.field)).toEqual(["programme[1].times[0]"]);
  });
});

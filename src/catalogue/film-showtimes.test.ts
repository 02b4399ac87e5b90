import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "../site/model";
import {
  fromFilmShowtimes,
  fromScheduleShowtimes,
  toFilmShowtime,
  toScheduleShowtime,
  type FilmShowtime,
} from "./film-showtimes";
import type { Showtime } from "./types";

const now = new Date("2026-11-18T10:00:00Z");

describe("film page showtimes", () => {
  it.each(["lumiere", "starlight"])(
    "%s: every film's showtimes come back whole, booking links included, from the page's short form",
    async (siteId) => {
      const model = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId }), now);
      expect(model.showtimes.length).toBeGreaterThan(0);
      for (const film of model.films) {
        const showtimes = model.showtimes.filter((s) => s.filmId === film.id);
        const short = showtimes.map(toFilmShowtime);
        // No booking link (rebuilt from site data) and no film id field.
        expect(JSON.stringify(short)).not.toContain("perfcode=");
        expect(short.every((s) => s.length >= 4 && s.length <= 6 && s.every((v) => typeof v !== "number"))).toBe(true);
        expect(fromFilmShowtimes(film.id, short, model.runtime)).toEqual(showtimes);
      }
    },
  );

  it.each(["lumiere", "starlight"])(
    "%s: a schedule day's showtimes come back whole from its short form, which leads with the film's id",
    async (siteId) => {
      const model = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId }), now);
      const short = model.showtimes.map(toScheduleShowtime);
      expect(JSON.stringify(short)).not.toContain("perfcode=");
      expect(short.map((s) => s[0])).toEqual(model.showtimes.map((s) => s.filmId));
      expect(fromScheduleShowtimes(short, model.runtime)).toEqual(model.showtimes);
    },
  );

  it("a theater the site data does not list is known by its id in the booking link", () => {
    const [showtime] = fromFilmShowtimes(7, [["X-1", "t9", "2026-01-01T10:00Z", "2026-01-01"]], {
      ticketingUrl: "https://tickets.example/",
      theaters: [],
    });
    expect(showtime).toMatchObject({
      filmId: 7,
      bookingUrl: "https://tickets.example/websales/sales/t9/book?perfcode=X-1",
    });
  });

  const showtime = (overrides: Partial<Showtime>): Showtime => ({
    perfCode: "P1",
    filmId: 7,
    theaterId: "t1",
    startsAt: "2026-11-24T19:00:00.000Z",
    localDate: "2026-11-24",
    attributes: [],
    screen: null,
    bookingUrl: "https://tickets.example/websales/sales/T1/book?perfcode=P1",
    ...overrides,
  });
  const site = { ticketingUrl: "https://tickets.example/", theaters: [{ id: "t1", theaterCode: "T1" }] };

  it.each<[string, Partial<Showtime>, FilmShowtime]>([
    ["a plain showtime: four fields, no seconds", {}, ["P1", "t1", "2026-11-24T19:00Z", "2026-11-24"]],
    [
      "attributes kept",
      { attributes: ["Format.Picture.IMAX"] },
      ["P1", "t1", "2026-11-24T19:00Z", "2026-11-24", ["Format.Picture.IMAX"]],
    ],
    [
      "a screen keeps the (empty) attributes before it",
      { screen: "Salle 3" },
      ["P1", "t1", "2026-11-24T19:00Z", "2026-11-24", [], "Salle 3"],
    ],
    [
      "seconds that are not zero are kept",
      { startsAt: "2026-11-24T19:00:30.000Z" },
      ["P1", "t1", "2026-11-24T19:00:30.000Z", "2026-11-24"],
    ],
    [
      "a late show listed under the day before",
      { startsAt: "2026-11-25T00:45:00.000Z", localDate: "2026-11-24" },
      ["P1", "t1", "2026-11-25T00:45Z", "2026-11-24"],
    ],
  ])("%s", (_, overrides, packed) => {
    const full = showtime(overrides);
    expect(toFilmShowtime(full)).toEqual(packed);
    expect(fromFilmShowtimes(7, [packed], site)).toEqual([full]);
  });
});

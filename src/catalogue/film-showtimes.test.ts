import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "../site/model";
import { fromFilmShowtimes, toFilmShowtime } from "./film-showtimes";

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
        expect(short.every((s) => !("bookingUrl" in s) && !("filmId" in s))).toBe(true);
        expect(fromFilmShowtimes(film.id, short, model.runtime)).toEqual(showtimes);
      }
    },
  );

  it("a theatre the site data does not list is known by its id in the booking link", () => {
    const [showtime] = fromFilmShowtimes(
      7,
      [
        {
          perfCode: "X-1",
          theaterId: "t9",
          startsAt: "2026-01-01T10:00:00.000Z",
          localDate: "2026-01-01",
          attributes: [],
          screen: null,
        },
      ],
      { ticketingUrl: "https://tickets.example/", theaters: [] },
    );
    expect(showtime).toMatchObject({
      filmId: 7,
      bookingUrl: "https://tickets.example/websales/sales/t9/book?perfcode=X-1",
    });
  });
});

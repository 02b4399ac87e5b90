import { bookingUrl } from "./programme";
import type { Showtime, Theater } from "./types";

/**
 * A showtime as a film page's data carries it: without what the page already knows (its film) or
 * derives from site-wide data (the booking link: ticketing URL, theatre code, performance code).
 * Those two were 40% of a showtime's bytes, and a busy film on a circuit has a hundred showtimes
 * (issue 19: page data is what every visitor downloads on each navigation).
 */
export type FilmShowtime = Omit<Showtime, "filmId" | "bookingUrl">;

export function toFilmShowtime(showtime: Showtime): FilmShowtime {
  const { perfCode, theaterId, startsAt, localDate, attributes, screen } = showtime;
  return { perfCode, theaterId, startsAt, localDate, attributes, screen };
}

export type ShowtimeSite = {
  ticketingUrl: string;
  theaters: readonly Pick<Theater, "id" | "theaterCode">[];
};

/** The film page's showtimes as the rest of the site knows them, booking links included. */
export function fromFilmShowtimes(filmId: number, showtimes: readonly FilmShowtime[], site: ShowtimeSite): Showtime[] {
  const codes = new Map(site.theaters.map((theater) => [theater.id, theater.theaterCode]));
  return showtimes.map((showtime) => ({
    ...showtime,
    filmId,
    // src/site/model.ts: a theatre without a code of its own is known by its id.
    bookingUrl: bookingUrl(site.ticketingUrl, codes.get(showtime.theaterId) ?? showtime.theaterId, showtime.perfCode),
  }));
}

import { bookingUrl } from "./programme";
import type { Showtime, Theater } from "./types";

/**
 * A showtime as a film page's data carries it: a tuple [perfCode, theaterId, startsAt, localDate,
 * attributes?, screen?] without what the page already knows (its film) or derives from site-wide
 * data (the booking link: ticketing URL, theater code, performance code). startsAt drops its
 * seconds when they are zero ("2026-11-24T19:00Z"); attributes and screen are left out when empty
 * (trailing). A busy film on a circuit has a hundred showtimes, and page data is what every visitor
 * downloads on each navigation (issue 19: a showtime went from ~190 to ~100 bytes; the build hashes
 * and stores each page's context, so its size is build time too).
 */
export type FilmShowtime =
  | [perfCode: string, theaterId: string, startsAt: string, localDate: string]
  | [perfCode: string, theaterId: string, startsAt: string, localDate: string, attributes: Showtime["attributes"]]
  | [
      perfCode: string,
      theaterId: string,
      startsAt: string,
      localDate: string,
      attributes: Showtime["attributes"],
      screen: string,
    ];

const WHOLE_MINUTE = /:00\.000Z$/;

export function toFilmShowtime(showtime: Showtime): FilmShowtime {
  const { perfCode, theaterId, startsAt, localDate, attributes, screen } = showtime;
  const start = WHOLE_MINUTE.test(startsAt) ? startsAt.replace(WHOLE_MINUTE, "Z") : startsAt;
  if (screen !== null) return [perfCode, theaterId, start, localDate, attributes, screen];
  if (attributes.length > 0) return [perfCode, theaterId, start, localDate, attributes];
  return [perfCode, theaterId, start, localDate];
}

export type ShowtimeSite = {
  ticketingUrl: string;
  theaters: readonly Pick<Theater, "id" | "theaterCode">[];
};

/** The film page's showtimes as the rest of the site knows them, booking links included. */
export function fromFilmShowtimes(filmId: number, showtimes: readonly FilmShowtime[], site: ShowtimeSite): Showtime[] {
  const expand = showtimeExpander(site);
  return showtimes.map((showtime) => expand(filmId, showtime));
}

/**
 * A showtime as a schedule day's page carries it: its film's id, then the film page's short form
 * (issue 19: the schedule's days were 50 MB of page context at 10,000 films in the full form).
 */
export type ScheduleShowtime = [filmId: number, ...FilmShowtime];

export function toScheduleShowtime(showtime: Showtime): ScheduleShowtime {
  return [showtime.filmId, ...toFilmShowtime(showtime)];
}

export function fromScheduleShowtimes(showtimes: readonly ScheduleShowtime[], site: ShowtimeSite): Showtime[] {
  const expand = showtimeExpander(site);
  return showtimes.map(([filmId, ...showtime]) => expand(filmId, showtime));
}

function showtimeExpander(site: ShowtimeSite): (filmId: number, showtime: FilmShowtime) => Showtime {
  const codes = new Map(site.theaters.map((theater) => [theater.id, theater.theaterCode]));
  return (filmId, [perfCode, theaterId, start, localDate, attributes = [], screen = null]) => ({
    perfCode,
    filmId,
    theaterId,
    startsAt: new Date(start).toISOString(),
    localDate,
    attributes,
    screen,
    // src/site/model.ts: a theater without a code of its own is known by its id.
    bookingUrl: bookingUrl(site.ticketingUrl, codes.get(theaterId) ?? theaterId, perfCode),
  });
}

import type { ProgrammeEntry } from "../config/catalogue";
import { addDays, weekdayOf, zonedTimeToUtc } from "./dates";
import type { Showtime, Theater } from "./types";

/** How far ahead showtimes are published (brief §2). */
export const PROGRAMME_DAYS = 14;

/** `{ticketingUrl}/websales/sales/{theaterCode}/book?perfcode={perfCode}` (spec §2/§9). */
export function bookingUrl(ticketingUrl: string, theaterCode: string, perfCode: string): string {
  return `${ticketingUrl.replace(/\/+$/, "")}/websales/sales/${encodeURIComponent(theaterCode)}/book?perfcode=${encodeURIComponent(perfCode)}`;
}

/**
 * A stable performance code: the same run, day and time always yield the same code, so links
 * survive rebuilds. The ticketing service looks the performance up by theater code + this code.
 */
export function perfCodeFor(filmId: number, theaterCode: string, date: string, time: string, screen?: string): string {
  const base = `${theaterCode}-${date.replaceAll("-", "")}-${time.replace(":", "")}-${filmId}`;
  return screen ? `${base}-${screen.replace(/[^A-Za-z0-9]/g, "")}` : base;
}

/**
 * Expands the weekly programme into dated performances for `days` days from `today`
 * (a date in the site's time zone), each placed in its theater's time zone.
 */
export function expandProgramme(
  programme: readonly ProgrammeEntry[],
  theaters: ReadonlyMap<string, Theater>,
  options: { today: string; days?: number; ticketingUrl: string; excludedFilmIds?: ReadonlySet<number> },
): Showtime[] {
  const days = options.days ?? PROGRAMME_DAYS;
  const showtimes: Showtime[] = [];
  const seen = new Set<string>();
  for (const entry of programme) {
    const theater = theaters.get(entry.theaterId);
    if (!theater || options.excludedFilmIds?.has(entry.filmId)) continue;
    for (let offset = 0; offset < days; offset += 1) {
      const date = addDays(options.today, offset);
      if ((entry.from && date < entry.from) || (entry.until && date > entry.until)) continue;
      if (!entry.days.includes(weekdayOf(date))) continue;
      for (const time of entry.times) {
        const perfCode = perfCodeFor(entry.filmId, theater.theaterCode, date, time, entry.screen);
        if (seen.has(perfCode)) continue;
        seen.add(perfCode);
        showtimes.push({
          perfCode,
          filmId: entry.filmId,
          theaterId: theater.id,
          startsAt: zonedTimeToUtc(date, time, theater.timeZone).toISOString(),
          localDate: date,
          attributes: [...entry.attributes],
          screen: entry.screen ?? null,
          bookingUrl: bookingUrl(options.ticketingUrl, theater.theaterCode, perfCode),
        });
      }
    }
  }
  return showtimes.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.theaterId.localeCompare(b.theaterId));
}

export type ShowtimeDay = {
  date: string;
  theaters: { theaterId: string; showtimes: Showtime[] }[];
};

/**
 * Groups showtimes by day, then theater, keeping `theaterOrder` (the selected theater can be
 * placed first by the caller). Showtimes inside a group stay in time order.
 */
export function groupShowtimes(showtimes: readonly Showtime[], theaterOrder: readonly string[]): ShowtimeDay[] {
  const rank = new Map(theaterOrder.map((id, i) => [id, i]));
  const byDay = new Map<string, Map<string, Showtime[]>>();
  for (const showtime of [...showtimes].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = byDay.get(showtime.localDate) ?? new Map<string, Showtime[]>();
    byDay.set(showtime.localDate, day);
    const list = day.get(showtime.theaterId) ?? [];
    day.set(showtime.theaterId, list);
    list.push(showtime);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, theaters]) => ({
      date,
      theaters: [...theaters.entries()]
        .sort(([a], [b]) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a.localeCompare(b))
        .map(([theaterId, list]) => ({ theaterId, showtimes: list })),
    }));
}

// "Where it is playing" (issue 42): a film with no show left at the visitor's theater names the
// theaters where it does play, each with its next show. Pure, so the page and its tests agree on
// what "next" means: not gone at `now` (the site's grace after the start, as the programme offers it).
import { isBookable } from "./schedule";
import type { Showtime } from "./types";

export type TheaterNextShow<T> = { theaterId: string; next: T };

/**
 * Each theater's first show still offered at `now` (every show when `now` is null: the server
 * render, before the page knows the time), in the site's theater order; a theater the order does
 * not know comes after those it does, by its next show. Theaters with nothing left are left out.
 */
export function nextShowByTheater<T extends Pick<Showtime, "theaterId" | "startsAt">>(
  showtimes: readonly T[],
  options: { now: number | null; graceMinutes: number; theaterOrder: readonly string[] },
): TheaterNextShow<T>[] {
  const { now, graceMinutes, theaterOrder } = options;
  const next = new Map<string, T>();
  for (const showtime of showtimes) {
    if (now !== null && !isBookable(showtime, now, graceMinutes)) continue;
    const known = next.get(showtime.theaterId);
    if (!known || Date.parse(showtime.startsAt) < Date.parse(known.startsAt)) next.set(showtime.theaterId, showtime);
  }
  const rank = (id: string) => {
    const index = theaterOrder.indexOf(id);
    return index === -1 ? theaterOrder.length : index;
  };
  return [...next.entries()]
    .map(([theaterId, show]) => ({ theaterId, next: show }))
    .sort((a, b) => rank(a.theaterId) - rank(b.theaterId) || Date.parse(a.next.startsAt) - Date.parse(b.next.startsAt));
}

// Decided with the page's first render, so it lives with the programme's rules (schedule.ts).
export { notPlayingAt } from "./schedule";

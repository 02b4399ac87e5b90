// The home page's "next showtimes today": which films and times it shows at a given moment, and
// the same rule as a small script the page runs before its first paint.
//
// Why a script: the page is built hours before it is seen, and its HTML lists the shows of the
// build's moment. Left to React, the shows that have passed since would leave the list after
// hydration and move everything below them (a layout shift of 0.11 measured by Lighthouse on the
// US home page). So the HTML carries a few spare films and times beyond what it shows, every item
// with `hidden` set by this rule, and the script applies the rule for the visitor's clock as soon
// as the list is parsed. React's render with the clock then finds the DOM already as it wants it.
import { OFFERED_AFTER_START_ATTRIBUTE, STARTED_LABEL_ATTRIBUTE } from "./programme-prepaint";
import { addDays, zonedTimeToUtc } from "./dates";
import { isBookable, offeredAfterStartMs, todayFor } from "./schedule";
import type { Showtime } from "./types";

/** Films and times per film the list shows; the schedule page has the rest. */
export const NEXT_FILMS = 6;
export const NEXT_TIMES = 4;
/** Spares carried (hidden) beyond those, to take the place of shows that pass during the day. */
export const SPARE_FILMS = 6;
export const SPARE_TIMES = 8;

type ListedShowtime = Pick<Showtime, "filmId" | "startsAt" | "localDate">;

export interface NextFilm<T extends ListedShowtime> {
  readonly filmId: number;
  readonly shown: boolean;
  readonly times: readonly { readonly showtime: T; readonly shown: boolean }[];
}

/**
 * The day's films, in the order of their first show of the day (so the list never reorders as the
 * day goes on), each with its first times of the day. A time is shown when it is still bookable
 * at `now` with the site's grace (any time, before the clock is known) and among the film's first
 * NEXT_TIMES such; a film is shown when it has a time shown and is among the first NEXT_FILMS such.
 */
export function nextShowtimesOfDay<T extends ListedShowtime>(
  showtimes: readonly T[],
  day: string | null,
  now: number | null,
  graceMinutes = 0,
): NextFilm<T>[] {
  const byFilm = new Map<number, T[]>();
  for (const s of showtimes) {
    if (s.localDate !== day) continue;
    const list = byFilm.get(s.filmId);
    if (list) list.push(s);
    else byFilm.set(s.filmId, [s]);
  }
  let filmsShown = 0;
  return [...byFilm.entries()].slice(0, NEXT_FILMS + SPARE_FILMS).map(([filmId, list]) => {
    let timesShown = 0;
    const times = list.slice(0, NEXT_TIMES + SPARE_TIMES).map((showtime) => {
      const shown = (now === null || isBookable(showtime, now, graceMinutes)) && timesShown < NEXT_TIMES;
      if (shown) timesShown += 1;
      return { showtime, shown };
    });
    const shown = timesShown > 0 && filmsShown < NEXT_FILMS;
    if (shown) filmsShown += 1;
    return { filmId, shown, times };
  });
}

/**
 * The showtimes the list can ever show, whatever the visitor's clock and chosen theater: for each
 * day, over all theaters and over each theater alone, the day's first NEXT_FILMS + SPARE_FILMS
 * films (by first show) with their first NEXT_TIMES + SPARE_TIMES times, in the programme's order.
 * nextShowtimesOfDay and listedDay answer the same on these as on the whole programme (a film left
 * out starts after the last one kept, a time left out after its film's last time kept), so the
 * home page carries only these, not the whole of its days (issue 19: every show of two days, at 5,000
 * films, for a list of 6 films).
 */
export function listableShowtimes<T extends ListedShowtime & Pick<Showtime, "theaterId">>(
  showtimes: readonly T[],
): T[] {
  const kept = new Set<T>();
  const keepFrom = (list: readonly T[]) => {
    for (const day of new Set(list.map((s) => s.localDate)))
      for (const film of nextShowtimesOfDay(list, day, null)) for (const time of film.times) kept.add(time.showtime);
  };
  keepFrom(showtimes);
  for (const theaterId of new Set(showtimes.map((s) => s.theaterId)))
    keepFrom(showtimes.filter((s) => s.theaterId === theaterId));
  return showtimes.filter((s) => kept.has(s));
}

/**
 * The programme's order (by start, then theater id) with ties between theaters broken by the site's
 * theater order instead. With no theater chosen on a circuit the list groups each film's times by
 * theater in the site's order, and the pre-paint script takes them by start, ties in the order it
 * meets them: fed this order, nextShowtimesOfDay picks the same times when two theaters show a
 * film at the same minute. Only reorders ties; a stable sort keeps the rest as it was.
 */
export function inTheaterOrder<T extends Pick<Showtime, "startsAt" | "theaterId">>(
  showtimes: readonly T[],
  theaterIds: readonly string[],
): T[] {
  const rank = new Map(theaterIds.map((id, i) => [id, i]));
  const rankOf = (s: T) => rank.get(s.theaterId) ?? theaterIds.length;
  return [...showtimes].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || rankOf(a) - rankOf(b));
}

/** One theater's share of a film's listed times; shown when one of its times is. */
export interface TheaterTimes<T extends ListedShowtime> {
  readonly theaterId: string;
  readonly shown: boolean;
  readonly times: NextFilm<T>["times"];
}

/**
 * A film's listed times by theater, as the schedule groups them: in the site's theater order (one
 * the site does not list last), each theater's times in the order given.
 */
export function timesByTheater<T extends ListedShowtime & Pick<Showtime, "theaterId">>(
  times: NextFilm<T>["times"],
  theaterIds: readonly string[],
): TheaterTimes<T>[] {
  const byTheater = new Map<string, NextFilm<T>["times"][number][]>();
  for (const id of theaterIds) byTheater.set(id, []);
  for (const time of times) {
    const list = byTheater.get(time.showtime.theaterId);
    if (list) list.push(time);
    else byTheater.set(time.showtime.theaterId, [time]);
  }
  return [...byTheater.entries()]
    .filter(([, list]) => list.length > 0)
    .map(([theaterId, list]) => ({ theaterId, shown: list.some((t) => t.shown), times: list }));
}

/**
 * The day the list is about: before the clock is known, the first day carried (the build's today);
 * then the first day from the visitor's today on which the list shows a time still offered at `now`
 * (issue 42: at 21:45 after the last show, the next day with shows, not an empty today), or the
 * visitor's today when none is left (the list says it has nothing). Decided by what
 * nextShowtimesOfDay shows, not by any showtime left, so that listableShowtimes' cut (a film's
 * first times only) changes nothing here either.
 */
export function listedDay(
  showtimes: readonly ListedShowtime[],
  timeZone: string,
  now: number | null,
  graceMinutes = 0,
): string | null {
  if (now === null) return showtimes[0]?.localDate ?? null;
  const today = todayFor(timeZone, now);
  const days = [...new Set(showtimes.map((s) => s.localDate))].filter((day) => day >= today).sort();
  return days.find((day) => nextShowtimesOfDay(showtimes, day, now, graceMinutes).some((f) => f.shown)) ?? today;
}

/**
 * Attributes the script reads: on the list, the instants its day starts and ends in the site's
 * time zone (ms) and how long after its start a show stays offered (ms, offeredAfterStartMs of the
 * site's grace); on each time, its start; on each theater's group of a film's times (circuits, no
 * theater chosen), the theater. These travel in the markup, not in the script, so every site runs
 * the same script and the CSP allows it by one hash (src/server/http/site-files.ts hashes the
 * pages' inline scripts). The day as instants, not as a date and a zone: the script then needs no
 * `Intl`, whose first use in a page costs 25–30 ms (ICU's setup), 100 ms and more on a phone.
 */
export const LIST_DAY_STARTS_ATTRIBUTE = "data-day-starts";
export const LIST_DAY_ENDS_ATTRIBUTE = "data-day-ends";

/** The list's day attributes: empty when it has no day, which the script reads as not today. */
export function listDayAttributes(day: string | null, timeZone: string): Record<string, string> {
  const start = (date: string) => String(zonedTimeToUtc(date, "00:00", timeZone).getTime());
  return {
    [LIST_DAY_STARTS_ATTRIBUTE]: day ? start(day) : "",
    [LIST_DAY_ENDS_ATTRIBUTE]: day ? start(addDays(day, 1)) : "",
  };
}

/** The list's value of OFFERED_AFTER_START_ATTRIBUTE for a site's grace. */
export const offeredAfterStartAttribute = (graceMinutes: number): string => String(offeredAfterStartMs(graceMinutes));
export const START_ATTRIBUTE = "data-starts";
export const THEATER_GROUP_ATTRIBUTE = "data-theater";

/**
 * On the list of the next day with shows, rendered hidden beside the first day's until the page
 * knows the time (NextShowtimes): the script shows it, and the title that names its day, when
 * nothing is left of the first day at the visitor's clock, as React will once it knows the time.
 * Without it a home page seen after the day's last show opened on "nothing left" and grew by the
 * next day's list after hydration (layout shift 0.15 on a phone, 0.08–0.11 on a desktop).
 */
export const FOLLOWING_LIST_ATTRIBUTE = "data-following-day";

/**
 * nextShowtimesOfDay's `shown` for the visitor's clock, applied to the list's `hidden` attributes
 * (and to each time's "started" label, shown once it has started: ShowtimeTimes renders it hidden):
 * placed right after the list (its previous sibling, or the one before the next day's list) and
 * before the empty message it also sets. A film's times are taken by start, ties in document order
 * (grouped by theater, the times are not in start order: see inTheaterOrder), and a theater's group
 * is hidden when none of its times is shown. With nothing left of the day, the next day's list
 * (FOLLOWING_LIST_ATTRIBUTE) gets the same rule and is shown, and the title's two spans (that day's
 * name, the next's) swap. A list about another day than the visitor's today (a build a day old) is
 * left to React. Plain ES2017, no dependency: it runs inline, before the page's scripts.
 */
export const PREPAINT_SCRIPT = `(function(){
var s=document.currentScript,l=s&&s.previousElementSibling,e=s&&s.nextElementSibling,F=null;
if(l&&l.hasAttribute("${FOLLOWING_LIST_ATTRIBUTE}")){F=l;l=l.previousElementSibling}if(!l)return;
var n=Date.now();if(!(n>=Number(l.getAttribute("${LIST_DAY_STARTS_ATTRIBUTE}"))&&n<Number(l.getAttribute("${LIST_DAY_ENDS_ATTRIBUTE}"))))return;
var w=Number(l.getAttribute("${OFFERED_AFTER_START_ATTRIBUTE}"))||${offeredAfterStartMs(0)};
function R(l){var f=l.children,fs=0;for(var i=0;i<f.length;i++){var t=[].map.call(f[i].querySelectorAll("[${START_ATTRIBUTE}]"),function(x,k){return[Number(x.getAttribute("${START_ATTRIBUTE}")),k,x]}).sort(function(a,b){return a[0]-b[0]||a[1]-b[1]}),ts=0;
for(var j=0;j<t.length;j++){var o=t[j][0]>=n-w&&ts<${NEXT_TIMES},b=t[j][2].querySelector("[${STARTED_LABEL_ATTRIBUTE}]");if(o)ts++;t[j][2].hidden=!o;if(b)b.hidden=!(t[j][0]<=n)}
var g=f[i].querySelectorAll("[${THEATER_GROUP_ATTRIBUTE}]");for(var k=0;k<g.length;k++)g[k].hidden=!g[k].querySelector("[${START_ATTRIBUTE}]:not([hidden])");
var v=ts>0&&fs<${NEXT_FILMS};if(v)fs++;f[i].hidden=!v}l.hidden=fs===0;return fs}
var fs=R(l);if(!fs&&F&&(fs=R(F))){var h=s.parentElement.querySelector("h2").children;for(var i=0;i<h.length;i++)h[i].hidden=!h[i].hidden}
if(e)e.hidden=fs>0})()`;

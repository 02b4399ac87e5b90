// What a moviegoer sees of the programme at a given moment: which showtimes can still be booked,
// the day strip (today, tomorrow, then weekday + date), and the version / format / theater
// filters. Pure and small: it runs in the browser on every film and schedule page.
import type { FilmAttributeKey } from "../config/catalogue";
import { addDays, daysBetween, localDateIn } from "./dates";
import { NEXT_SHOWING_TIMES, type NextShowing, type Showtime } from "./types";

/** Language versions a showtime can be in (VF, VO, VOST on French sites). */
export type Version = "dubbed" | "original" | "subtitled";
/** Picture formats beyond the standard 2D projection. */
export type PictureFormat = "3D" | "IMAX";

/**
 * The version a showtime plays in, from its attribute keys: dubbed → VF, original → VO, original
 * with subtitles in the site's language (`Localization.Subtitles`) → VOST. Subtitles for the deaf
 * and hard of hearing (`Accessibility.Subtitles.HardOfHearing`, SME) are an accessibility feature,
 * not a version: an original version with them alone stays VO. Null when the programme says nothing
 * of the language (the film's own), subtitles alone included.
 */
export function versionOf(attributes: readonly FilmAttributeKey[]): Version | null {
  if (attributes.includes("Format.Sound.Dubbed")) return "dubbed";
  if (attributes.includes("Localization.Version.Original"))
    return attributes.includes("Localization.Subtitles") ? "subtitled" : "original";
  return null;
}

export function formatOf(attributes: readonly FilmAttributeKey[]): PictureFormat | null {
  if (attributes.includes("Format.Picture.IMAX")) return "IMAX";
  if (attributes.includes("Format.Picture.3D")) return "3D";
  return null;
}

/**
 * Where a show stands at `now`, compared as instants (so midnight and daylight-saving changes
 * need no care here):
 * - "upcoming": it has not started;
 * - "started": it has, and is still offered, until the end of the minute `graceMinutes` after
 *   its start (with no grace, the rest of its starting minute: booking never closes before the
 *   minute the show starts has passed);
 * - "gone": after that, no longer offered.
 */
export type ShowtimeState = "upcoming" | "started" | "gone";

/** The last instant a show is offered, `graceMinutes` after its start, to the end of that minute. */
export function offeredUntil(startsAt: string, graceMinutes: number): number {
  return Date.parse(startsAt) + offeredAfterStartMs(graceMinutes);
}

/** How long after its start a show stays offered, in ms: the grace, then the rest of that minute. */
export function offeredAfterStartMs(graceMinutes: number): number {
  return graceMinutes * 60_000 + 59_999;
}

export function showtimeState(showtime: Pick<Showtime, "startsAt">, now: number, graceMinutes: number): ShowtimeState {
  if (now < Date.parse(showtime.startsAt)) return "upcoming";
  return now <= offeredUntil(showtime.startsAt, graceMinutes) ? "started" : "gone";
}

/** Still offered at `now`: not started, or started less than the site's grace ago. */
export function isBookable(showtime: Pick<Showtime, "startsAt">, now: number, graceMinutes: number): boolean {
  return showtimeState(showtime, now, graceMinutes) !== "gone";
}

export function bookableShowtimes<T extends Pick<Showtime, "startsAt">>(
  showtimes: readonly T[],
  now: number,
  graceMinutes: number,
): T[] {
  return showtimes.filter((s) => isBookable(s, now, graceMinutes));
}

export type ShowtimeFilter = {
  /** "all" or one version; `null` inside the union means "the film's own language". */
  version: "all" | Version | "standard";
  format: "all" | PictureFormat | "standard";
  /** Only this theater's showtimes; null for every theater. */
  theaterId: string | null;
};

export const NO_FILTER: ShowtimeFilter = { version: "all", format: "all", theaterId: null };

export function matchesFilter(showtime: Pick<Showtime, "attributes" | "theaterId">, filter: ShowtimeFilter): boolean {
  if (filter.theaterId !== null && showtime.theaterId !== filter.theaterId) return false;
  if (filter.version !== "all" && (versionOf(showtime.attributes) ?? "standard") !== filter.version) return false;
  if (filter.format !== "all" && (formatOf(showtime.attributes) ?? "standard") !== filter.format) return false;
  return true;
}

export function filterShowtimes<T extends Pick<Showtime, "attributes" | "theaterId">>(
  showtimes: readonly T[],
  filter: ShowtimeFilter,
): T[] {
  return showtimes.filter((s) => matchesFilter(s, filter));
}

/** The versions and formats present, in a fixed order, for the filter controls. */
export function filterOptions(showtimes: readonly Pick<Showtime, "attributes">[]): {
  versions: (Version | "standard")[];
  formats: (PictureFormat | "standard")[];
} {
  const versions = new Set(showtimes.map((s) => versionOf(s.attributes) ?? "standard"));
  const formats = new Set(showtimes.map((s) => formatOf(s.attributes) ?? "standard"));
  return {
    versions: (["standard", "dubbed", "original", "subtitled"] as const).filter((v) => versions.has(v)),
    formats: (["standard", "3D", "IMAX"] as const).filter((f) => formats.has(f)),
  };
}

/**
 * The order of the film page's chips after its versions. Keyed by every attribute key but the two
 * that are always a version, so a key added to the catalogue schema needs its place here (the
 * schema's list itself is not imported: it would bring zod to the page).
 */
const FEATURE_ORDER: Record<
  Exclude<FilmAttributeKey, "Localization.Version.Original" | "Format.Sound.Dubbed">,
  number
> = {
  "Localization.Subtitles": 0,
  "Format.Picture.3D": 1,
  "Format.Picture.IMAX": 2,
  "Accessibility.AudioDescription": 3,
  "Accessibility.Subtitles.HardOfHearing": 4,
};

/**
 * What a film's "Versions" chips name: each version its showtimes play in, once, in the filter's
 * order (VF, VO, VOST), then the other attributes they carry (3D, IMAX, audio description,
 * subtitles for the deaf and hard of hearing). A key a show's version already says is not named
 * again: the original version and dubbed keys never, subtitles in the site's language when the show
 * is VOST; subtitles with no original version (a film in the site's language, a dubbed show) keep a
 * chip of their own.
 */
export function versionsAndFeaturesOf(showtimes: readonly Pick<Showtime, "attributes">[]): {
  versions: Version[];
  features: (keyof typeof FEATURE_ORDER)[];
} {
  const versions = new Set<Version>();
  const features = new Set<keyof typeof FEATURE_ORDER>();
  for (const { attributes } of showtimes) {
    const version = versionOf(attributes);
    if (version) versions.add(version);
    for (const key of attributes) {
      if (key === "Localization.Version.Original" || key === "Format.Sound.Dubbed") continue;
      if (key === "Localization.Subtitles" && version === "subtitled") continue;
      features.add(key);
    }
  }
  return {
    versions: (["dubbed", "original", "subtitled"] as const).filter((v) => versions.has(v)),
    features: [...features].sort((a, b) => FEATURE_ORDER[a] - FEATURE_ORDER[b]),
  };
}

export type DayName = "today" | "tomorrow" | "later";

/** How a day is named from `today` (both local dates of the site's time zone). */
export function dayNameOf(date: string, today: string): DayName {
  const offset = daysBetween(today, date);
  return offset === 0 ? "today" : offset === 1 ? "tomorrow" : "later";
}

export type StripDay = {
  date: string;
  name: DayName;
  /** Showtimes left on that day (after filters). */
  count: number;
  /**
   * No showtime left that day: the strip shows it muted, as no choice (not focusable, announced as
   * "no showtimes"), so that a film playing one day in 14 does not offer 13 empty taps (issue 42).
   */
  empty: boolean;
};

/** The earliest day with a showtime; null when there is none. */
export function firstLocalDate(showtimes: readonly Pick<Showtime, "localDate">[]): string | null {
  return showtimes.reduce<string | null>(
    (first, s) => (first === null || s.localDate < first ? s.localDate : first),
    null,
  );
}

/**
 * What a list card says of a film's showtimes (issue 45): for each theater in `theaterOrder` with
 * showtimes, its first day and that day's first NEXT_SHOWING_TIMES starts with their version.
 */
export function nextShowingsOf(
  showtimes: readonly Pick<Showtime, "theaterId" | "localDate" | "startsAt" | "attributes">[],
  theaterOrder: readonly string[],
): NextShowing[] {
  return theaterOrder.flatMap((theaterId) => {
    const here = showtimes.filter((s) => s.theaterId === theaterId);
    const date = firstLocalDate(here);
    if (date === null) return [];
    const times = here
      .filter((s) => s.localDate === date)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
      .slice(0, NEXT_SHOWING_TIMES)
      .map((s) => {
        const version = versionOf(s.attributes);
        return { minute: Math.floor(Date.parse(s.startsAt) / 60_000), ...(version && { version }) };
      });
    return [{ theaterId, date, times }];
  });
}

/** Today in the site's time zone: the day the strip starts on. */
export function todayFor(timeZone: string, now: number): string {
  return localDateIn(timeZone, now);
}

/**
 * The day strip: every day from `today` to the last day with a showtime (at least today), each
 * with how many showtimes it has left. Days before `today` (a page built days ago) are gone.
 */
export function dayStrip(showtimes: readonly Pick<Showtime, "localDate">[], today: string): StripDay[] {
  const counts = new Map<string, number>();
  let last = today;
  for (const s of showtimes) {
    if (s.localDate < today) continue;
    counts.set(s.localDate, (counts.get(s.localDate) ?? 0) + 1);
    if (s.localDate > last) last = s.localDate;
  }
  const days: StripDay[] = [];
  for (let offset = 0; offset <= daysBetween(today, last); offset += 1) {
    const date = addDays(today, offset);
    const count = counts.get(date) ?? 0;
    days.push({ date, name: dayNameOf(date, today), count, empty: count === 0 });
  }
  return days;
}

/**
 * The day the page opens on: the one asked for (e.g. from the address) if the strip has shows on
 * it, else the first day with shows left (issue 42: at 21:45 after the last show, tomorrow, never
 * an empty today), else the strip's first day (nothing left at all: the page says so).
 */
export function initialDay(strip: readonly StripDay[], requested?: string | null): string | null {
  if (requested && strip.some((d) => d.date === requested && !d.empty)) return requested;
  return (strip.find((d) => !d.empty) ?? strip[0])?.date ?? null;
}

/**
 * Why the day on screen lists no showtime, so its message tells the truth (a future day with no
 * show is not "no showtimes left"):
 * - "filtered": that day has shows still bookable, but none the visitor's filters keep;
 * - "allFiltered": the filters keep nothing on any day;
 * - "nothingAtAll": nothing is bookable on any day;
 * - "started": the day had shows and every one has started;
 * - "none": the day has no show at all.
 */
export type EmptyDayReason = "filtered" | "allFiltered" | "nothingAtAll" | "started" | "none";

export function emptyDayReason(
  day: string,
  showtimes: {
    /** Every showtime of the page. */
    all: readonly Pick<Showtime, "localDate">[];
    /** Those not started yet. */
    bookable: readonly Pick<Showtime, "localDate">[];
    /** Those the visitor's filters keep. */
    shown: readonly Pick<Showtime, "localDate">[];
  },
): EmptyDayReason {
  const { all, bookable, shown } = showtimes;
  if (bookable.some((s) => s.localDate === day)) return "filtered";
  if (shown.length === 0 && bookable.length > 0) return "allFiltered";
  if (bookable.length === 0) return "nothingAtAll";
  return all.some((s) => s.localDate === day) ? "started" : "none";
}

/** The first day after `date` with showtimes left, or null. */
export function nextDayWithShowtimes(strip: readonly StripDay[], date: string): string | null {
  return strip.find((d) => d.date > date && d.count > 0)?.date ?? null;
}

/** End of a show: its start plus the film's runtime; null when the runtime is unknown. */
export function endsAt(startsAt: string, runtimeMinutes: number | null): string | null {
  if (!runtimeMinutes) return null;
  return new Date(Date.parse(startsAt) + runtimeMinutes * 60_000).toISOString();
}

/**
 * One day of the schedule page, which is a page per day (issue 19: a single page of every showtime
 * weighed 41 MB of page data at 10,000 films): where that day's page is, and how many showtimes each
 * theater has that day, so the strip can tell an empty day from the other days' pages alone.
 */
export type ScheduleDay = { date: string; path: string; counts: Record<string, number> };

export type ScheduleStripDay = StripDay & { path: string };

/**
 * The schedule page's day strip: the days with a page from `today` on, named from `today`. The page's
 * own day counts what is left of it after the clock and the filters (`page.left`); another day counts
 * its showtimes at the chosen theater (or all), as its page has them before those apply.
 */
export function scheduleStrip(
  days: readonly ScheduleDay[],
  today: string,
  page: { date: string; left: number },
  theaterId: string | null,
): ScheduleStripDay[] {
  return days
    .filter((day) => day.date >= today)
    .map((day) => {
      const count =
        day.date === page.date
          ? page.left
          : theaterId === null
            ? Object.values(day.counts).reduce((sum, n) => sum + n, 0)
            : (day.counts[theaterId] ?? 0);
      return {
        date: day.date,
        path: day.path,
        name: dayNameOf(day.date, today),
        count,
        empty: count === 0,
      };
    });
}

/**
 * Where a schedule page sends a visitor whose today is past the page's day (a build days old, an
 * old link): the page of today or the first day after it; null when the page's day is still to
 * come or today, or when no later day has a page (the programme is over: the page says so).
 */
export function scheduleRedirect(days: readonly ScheduleDay[], pageDate: string, today: string): string | null {
  if (pageDate >= today) return null;
  return days.find((day) => day.date >= today)?.path ?? null;
}

/**
 * Where the schedule page itself (`/seances/`, no day asked for in the address) sends a visitor
 * whose day on it has nothing left (21:45 after the last show, or nothing at the chosen theater):
 * the next day of the strip with shows, so the schedule never opens on an empty today (issue 42).
 * Null for a day asked for by its address (the visitor chose it), for a page with shows left, and
 * when no later day has any.
 */
export function scheduleOpeningRedirect(
  strip: readonly ScheduleStripDay[],
  pageDate: string,
  requested: boolean,
): string | null {
  if (requested) return null;
  const own = strip.find((day) => day.date === pageDate);
  if (!own?.empty) return null;
  return strip.find((day) => day.date > pageDate && !day.empty)?.path ?? null;
}

/**
 * Whether the film page should say where the film plays instead of "no showtime matches": a
 * theater is chosen and shown alone, nothing is left there, and something is left elsewhere.
 */
export function notPlayingAt<T extends Pick<Showtime, "theaterId">>(
  bookable: readonly T[],
  theaterId: string | null,
): boolean {
  if (theaterId === null) return false;
  return bookable.length > 0 && !bookable.some((s) => s.theaterId === theaterId);
}

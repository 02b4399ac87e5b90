import slugify from "slugify";
import type { FilmConfig, Weekday } from "../config/catalogue";
import { addDays, daysBetween, weekdayOf } from "./dates";
import type { Trailer } from "./trailer";
import type { Film, PlayWeek, ReleaseFlag } from "./types";

/**
 * Longest slug: the page is a folder named `{id}-{slug}` and file systems stop at 255 bytes a
 * name (slugify can lengthen a title: "&" → "and"); a longer one is cut at a word.
 */
export const MAX_SLUG_LENGTH = 120;

/** URL slug of a title: lowercase, accents folded, strict (letters, digits and "-"), at most MAX_SLUG_LENGTH. */
export function titleSlug(title: string, locale?: string): string {
  let slug = slugify(title, { lower: true, strict: true, locale: locale?.slice(0, 2), trim: true });
  if (slug.length > MAX_SLUG_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
    const word = cut.lastIndexOf("-");
    slug = (word > 0 ? cut.slice(0, word) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, "");
  }
  return slug || "film";
}

/** The canonical film page path: /films/{numericFilmId}-{slug}/ (spec §2). */
export function filmPath(id: number, title: string, locale?: string): string {
  return `/films/${id}-${titleSlug(title, locale)}/`;
}

/** Film id at the head of a /films/* path segment ("1234-any-slug" → 1234), or null. */
export function filmIdFromPath(pathname: string): number | null {
  const match = /^\/films\/(\d+)(?:-[^/]*)?\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The first day of the play week holding `today`. */
export function playWeekStart(today: string, startsOn: Weekday): string {
  let day = today;
  while (weekdayOf(day) !== startsOn) day = addDays(day, -1);
  return day;
}

/**
 * Which play week a film opens in, counted from the current one. A film already released is in
 * the current week; one with no release date is undetermined.
 */
export function playWeekOf(releaseDate: string | null, today: string, startsOn: Weekday): PlayWeek {
  if (!releaseDate) return "NEXT_PLAYWEEK_UNDETERMINED";
  const weeksAhead = Math.floor(daysBetween(playWeekStart(today, startsOn), releaseDate) / 7);
  if (weeksAhead <= 0) return "CURRENT_PLAYWEEK";
  if (weeksAhead === 1) return "NEXT_PLAYWEEK_1";
  if (weeksAhead === 2) return "NEXT_PLAYWEEK_2";
  if (weeksAhead === 3) return "NEXT_PLAYWEEK_3";
  return "BEYOND_NEXT_PLAYWEEK_3";
}

/** Days a film counts as NEW after its release. */
export const NEW_RELEASE_DAYS = 7;

/**
 * NEW: released in the last seven days (today included). PREVIEW: it has showtimes before its
 * release date (an avant-première).
 */
export function releaseFlagsOf(releaseDate: string | null, today: string, firstShowDate: string | null): ReleaseFlag[] {
  if (!releaseDate) return [];
  const flags: ReleaseFlag[] = [];
  const age = daysBetween(releaseDate, today);
  if (age >= 0 && age < NEW_RELEASE_DAYS) flags.push("NEW");
  if (firstShowDate && firstShowDate < releaseDate) flags.push("PREVIEW");
  return flags;
}

/**
 * Removes globally excluded films and orders the rest: films named in movieOrderIndex first, in
 * that order; then by release date, newest first; undated films last; ties by title.
 */
export function orderFilms<T extends { id: number; releaseDate: string | null; title: string }>(
  films: readonly T[],
  options: { excludedIds: readonly number[]; orderIndex: readonly number[]; locale: string },
): T[] {
  const excluded = new Set(options.excludedIds);
  const rank = new Map(options.orderIndex.map((id, i) => [id, i]));
  const collator = new Intl.Collator(options.locale);
  return films
    .filter((film) => !excluded.has(film.id))
    .sort((a, b) => {
      const ra = rank.get(a.id) ?? Infinity;
      const rb = rank.get(b.id) ?? Infinity;
      if (ra !== rb) return ra - rb;
      if (a.releaseDate !== b.releaseDate) {
        if (!a.releaseDate) return 1;
        if (!b.releaseDate) return -1;
        return b.releaseDate.localeCompare(a.releaseDate);
      }
      return collator.compare(a.title, b.title);
    });
}

/**
 * `context.trailer` is the film's trailer URL as trailer.ts reads it, given by the build: this module
 * also serves film paths in the browser (resolve.ts), and the URL parser stays out of that code.
 */
export function toFilm(
  config: FilmConfig,
  context: { today: string; startsOn: Weekday; locale: string; firstShowDate: string | null; trailer: Trailer | null },
): Film {
  const path = filmPath(config.id, config.title, context.locale);
  return {
    id: config.id,
    title: config.title,
    originalTitle: config.originalTitle && config.originalTitle !== config.title ? config.originalTitle : null,
    slug: path.slice("/films/".length, -1),
    path,
    synopsis: config.synopsis,
    runtimeMinutes: config.runtimeMinutes,
    genres: config.genres,
    cast: config.cast,
    directors: config.directors,
    releaseDate: config.releaseDate,
    certificate: config.certificate ?? null,
    poster: config.poster,
    trailerUrl: config.trailerUrl,
    trailer: context.trailer,
    playWeek: playWeekOf(config.releaseDate, context.today, context.startsOn),
    releaseFlags: releaseFlagsOf(config.releaseDate, context.today, context.firstShowDate),
  };
}

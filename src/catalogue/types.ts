import type { FilmAttributeKey } from "../config/catalogue";
import type { Version } from "./schedule";
import type { Trailer } from "./trailer";

export type ReleaseFlag = "NEW" | "PREVIEW";

export const playWeeks = [
  "CURRENT_PLAYWEEK",
  "NEXT_PLAYWEEK_1",
  "NEXT_PLAYWEEK_2",
  "NEXT_PLAYWEEK_3",
  "BEYOND_NEXT_PLAYWEEK_3",
  "NEXT_PLAYWEEK_UNDETERMINED",
] as const;
export type PlayWeek = (typeof playWeeks)[number];

export type Poster = { src: string; width: number; height: number };

/** A film as pages show it: validated, with what the build derived from dates. */
export type Film = {
  id: number;
  title: string;
  originalTitle: string | null;
  slug: string;
  path: string;
  synopsis: string;
  runtimeMinutes: number | null;
  genres: string[];
  cast: string[];
  directors: string[];
  releaseDate: string | null;
  certificate: string | null;
  poster: Poster | null;
  trailerUrl: string;
  /** The trailer the page plays in place (trailer.ts), read at build; null: none, or only a link. */
  trailer: Trailer | null;
  playWeek: PlayWeek;
  releaseFlags: ReleaseFlag[];
};

/** One performance of a film in a theater. */
export type Showtime = {
  perfCode: string;
  filmId: number;
  theaterId: string;
  /** Instant, ISO 8601 UTC. */
  startsAt: string;
  /** Calendar date in the theater's time zone, "YYYY-MM-DD": the day it is listed under. */
  localDate: string;
  attributes: FilmAttributeKey[];
  screen: string | null;
  bookingUrl: string;
};

export type Theater = {
  id: string;
  name: string;
  slug: string;
  path: string | null;
  theaterCode: string;
  ticketingProvider: string;
  timeZone: string;
  address: { line1: string; line2?: string; city: string; postalCode: string; region?: string };
  phone: string | null;
  screens: number | null;
  accessibility: string[];
  /** What the venue offers, as it words them ("Recliner seats"); empty when its config lists none. */
  amenities: string[];
  /** As the venue words them, one line each. */
  openingHours: string[];
};

/** A film as lists show it (film list, home page): no showtimes, only its first day. */
export type FilmSummary = Pick<
  Film,
  | "id"
  | "title"
  | "path"
  | "poster"
  | "genres"
  | "runtimeMinutes"
  | "releaseDate"
  | "releaseFlags"
  | "playWeek"
  | "certificate"
> & {
  /**
   * The first day with showtimes; null when none are scheduled. Lists only tell scheduled films
   * apart, so not its showtimes (issue 19: they were 60% of the film list's page data).
   */
  nextDay: { date: string } | null;
  /** Every theater with a showtime of the film (the film list puts the visitor's theater first). */
  theaterIds: string[];
  /**
   * The card's "today at 18:15, 21:00" (issue 45): per theater with showtimes (site order), its
   * first day and that day's first NEXT_SHOWING_TIMES showtimes, no more (a list stays small).
   */
  nextShowings: NextShowing[];
};

/** Showtimes a list card names, at most, for one theater's first day. */
export const NEXT_SHOWING_TIMES = 4;

export type NextShowing = {
  theaterId: string;
  date: string;
  /**
   * `minute`: the start as an epoch minute (UTC), what the pre-paint rule compares and a third of
   * an ISO string's bytes in a list of thousands; `version` only when the programme says one.
   */
  times: { minute: number; version?: Version }[];
};

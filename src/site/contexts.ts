// Shapes of the data each template receives in its page context, beside the spec's PageContext.
import { toScheduleShowtime, type FilmShowtime, type ScheduleShowtime } from "../catalogue/film-showtimes";
import { firstLocalDate, nextShowingsOf, type ScheduleDay, type Version } from "../catalogue/schedule";
import type { Film, FilmSummary, Showtime, Theater } from "../catalogue/types";

export type { FilmSummary };
import type { PageConfig } from "../config/pages";
import type { PageContext } from "../runtime/page-context";

export type FilmSelection = "nowShowing" | "comingSoon" | "all";

export type FilmListPageContext = PageContext & { films: FilmSummary[] };
/** The film's showtimes in their short form (src/catalogue/film-showtimes.ts). */
export type FilmPageContext = PageContext & { film: Film; showtimes: FilmShowtime[] };
export type GenericPageContext = PageContext & {
  page: PageConfig;
  /** Only filled when the page has a "films" block, to keep other pages' data small. */
  films: FilmSummary[];
  /** Kept out of search results (the editor's preview). */
  noindex?: boolean;
  /** Home page only: the next showtimes (issue 17). */
  programme?: HomeProgramme;
};
/** What the programme needs of a film: title and link, runtime for end times and calendar events. */
export type ProgrammeFilmInfo = Pick<Film, "id" | "title" | "path" | "runtimeMinutes">;
/**
 * One day of the schedule: that day's showtimes and the films they belong to, and every day's page
 * for the strip. `day` is null when nothing is scheduled at all (one page, which says so).
 */
export type SchedulePageContext = PageContext & {
  day: string | null;
  days: ScheduleDay[];
  films: ProgrammeFilmInfo[];
  showtimes: ScheduleShowtime[];
};
/** The home page's "next showtimes today": the first days of the programme, every film. */
export type HomeProgramme = { films: ProgrammeFilmInfo[]; showtimes: Showtime[] };
export type TheatersPageContext = PageContext & { theaters: Theater[] };
/** A theater page's film: its summary there (its first day there, that theater alone). */
export type TheaterFilm = Omit<FilmSummary, "nextShowings">;
/**
 * A theater page (issue 42): its films, and every showtime there in the schedule's short form
 * ([filmId, perfCode, theaterId, ...]), which the page's programme shows a day at a time behind
 * the same day strip as a film page.
 */
export type TheaterPageContext = PageContext & {
  theater: Theater;
  films: TheaterFilm[];
  showtimes: ScheduleShowtime[];
};
export type LoginPageContext = PageContext & { page: PageConfig | null };
export type AccountPageContext = PageContext;

/** What the booking route shows about a performance (embedded mode only). */
export type BookablePerformance = {
  filmTitle: string;
  filmPath: string;
  startsAt: string;
  localDate: string;
  timeZone: string;
  theaterName: string;
  screen: string | null;
  /** VF / VO / VOST (issue 45); absent when the show is in the film's own language. */
  version?: Version;
};
/** The index itself is published beside the pages (booking-key.ts): the page knows its shard count. */
export type BookingContext = { performanceShards: number };

/** What every list says of a film: the film list's summary less its cards' times. */
function filmOverview(film: Film, showtimes: readonly Showtime[], theaterOrder: readonly string[]): TheaterFilm {
  const { id, title, path, poster, genres, runtimeMinutes, releaseDate, releaseFlags, playWeek, certificate } = film;
  const firstDate = firstLocalDate(showtimes);
  return {
    id,
    title,
    path,
    poster,
    genres,
    runtimeMinutes,
    releaseDate,
    releaseFlags,
    playWeek,
    certificate,
    nextDay: firstDate === null ? null : { date: firstDate },
    theaterIds: theaterOrder.filter((theaterId) => showtimes.some((s) => s.theaterId === theaterId)),
  };
}

export function summariseFilm(
  film: Film,
  showtimes: readonly Showtime[],
  theaterOrder: readonly string[],
): FilmSummary {
  const overview = filmOverview(film, showtimes, theaterOrder);
  return { ...overview, nextShowings: nextShowingsOf(showtimes, overview.theaterIds) };
}

/**
 * A film as a theater page lists it (`showtimes` are the film's at that theater): its programme
 * shows every time, so the cards' next showings would be bytes no one reads.
 */
export function theaterFilm(film: Film, showtimes: readonly Showtime[], theaterId: string): TheaterFilm {
  return filmOverview(film, showtimes, [theaterId]);
}

/** A theater page's showtimes: every film's there, in the short form, by start. */
export function theaterShowtimes(showtimes: readonly Showtime[]): ScheduleShowtime[] {
  return [...showtimes].sort((a, b) => a.startsAt.localeCompare(b.startsAt)).map(toScheduleShowtime);
}

/**
 * Now showing: released (current play week) with showtimes. Coming soon: a later or unknown
 * release, previews included. "all" keeps every film in catalogue order.
 */
export function selectFilms(films: readonly FilmSummary[], selection: FilmSelection): FilmSummary[] {
  if (selection === "all") return [...films];
  if (selection === "nowShowing") return films.filter((f) => f.playWeek === "CURRENT_PLAYWEEK" && f.nextDay !== null);
  return films.filter((f) => f.playWeek !== "CURRENT_PLAYWEEK");
}

/** A page's film blocks: what each lists, and how many at most. */
type FilmBlock = { selection: FilmSelection; limit?: number | undefined };

/** The films a block lists, as the template renders them. */
export function filmsOfBlock(films: readonly FilmSummary[], block: FilmBlock): FilmSummary[] {
  return selectFilms(films, block.selection).slice(0, block.limit ?? Infinity);
}

/**
 * The films a page's blocks can list, in catalogue order: the page carries these rather than the
 * whole catalogue (issue 19: every visitor's home page data held every film, 8.9 MB at 10,000
 * films, to show twelve). filmsOfBlock gives each block the same films from these as from all:
 * a film kept for another block comes after the last one a block takes.
 */
export function filmsOfBlocks(films: readonly FilmSummary[], blocks: readonly FilmBlock[]): FilmSummary[] {
  const listed = new Set(blocks.flatMap((block) => filmsOfBlock(films, block)));
  return films.filter((film) => listed.has(film));
}

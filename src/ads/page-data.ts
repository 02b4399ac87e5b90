// Spec §3 "Ad targeting data": the global page data object the ads read, and the targeting sent
// to the ad wrapper. Pure: the React glue gathers the inputs on every page and navigation.
import { withoutPrivateValues } from "../tracking/analytics/vendor-payload";
import { adTypeOf, type AdsDisplay } from "./mappings";

/** The global page data object (spec §3), kept current on every page and navigation. */
export interface PageData {
  urlOrigin: string;
  domain: string;
  pageType: string;
  theaterId: string | null;
  theaterName: string | null;
  theaterPermalinkOrigin: string | null;
  theaterPermalinkPath: string | null;
  movieId: number | null;
  movieTitle: string | null;
  movieReleaseDate: string | null;
  moviePermalinkOrigin: string | null;
  moviePermalinkPath: string | null;
  isLoggedIn: boolean;
}

/** Where the page keeps it: `window.pageData`. */
export const PAGE_DATA_GLOBAL = "pageData";

declare global {
  interface Window {
    pageData?: PageData;
  }
}

export interface PageDataInput {
  urlOrigin: string;
  domain: string;
  /** The page's template name (film, theater, generic...). */
  pageType: string;
  /** The current theater (spec §4 "Selected theater"), with its own page on a circuit (null on a single-location site). */
  theater: { id: string; name: string; path: string | null } | null;
  film: { id: number; title: string; releaseDate: string | null; path: string } | null;
  isLoggedIn: boolean;
}

/** Read by the ad library: no private query parameter in any of it (issue 44, vendor-payload.ts). */
export function buildPageData({ urlOrigin, domain, pageType, theater, film, isLoggedIn }: PageDataInput): PageData {
  return withoutPrivateValues({
    urlOrigin,
    domain,
    pageType,
    theaterId: theater?.id ?? null,
    theaterName: theater?.name ?? null,
    theaterPermalinkOrigin: theater ? urlOrigin : null,
    // A single-location site's theater is the site itself: its home page.
    theaterPermalinkPath: theater ? (theater.path ?? "/") : null,
    movieId: film?.id ?? null,
    movieTitle: film?.title ?? null,
    movieReleaseDate: film?.releaseDate ?? null,
    moviePermalinkOrigin: film ? urlOrigin : null,
    moviePermalinkPath: film?.path ?? null,
    isLoggedIn,
  });
}

/**
 * Targeting sent to the ad wrapper (spec §3) and, in direct mode, to the ad server; every value a
 * string or a list of strings, none with a private query parameter (issue 44).
 */
export interface AdTargeting {
  page: string;
  adType: string;
  websiteID: string;
  domain: string;
  currentPath: string;
  urlOrigin: string;
  theater: string;
  theaterID: string;
  theaterGroup: string;
  theaterGroupID: string;
  moviePermalinkPath: string;
  moviePermalinkOrigin: string;
  scheduledMovieIds: string[];
  /** Spec §6: the logged-in state, as a string. */
  isLoggedIn: string;
}

export interface TargetingInput {
  pageData: PageData;
  display: AdsDisplay;
  websiteId: string;
  /** document.title */
  pageTitle: string;
  currentPath: string;
  circuit: { id: string; name: string } | null;
  scheduledMovieIds: readonly number[];
}

export function targetingFor({
  pageData,
  display,
  websiteId,
  pageTitle,
  currentPath,
  circuit,
  scheduledMovieIds,
}: TargetingInput): AdTargeting {
  return withoutPrivateValues({
    page: pageTitle,
    adType: adTypeOf(display),
    websiteID: websiteId,
    domain: pageData.domain,
    currentPath,
    urlOrigin: pageData.urlOrigin,
    theater: pageData.theaterName ?? "",
    theaterID: pageData.theaterId ?? "",
    theaterGroup: circuit?.name ?? "",
    theaterGroupID: circuit?.id ?? "",
    moviePermalinkPath: pageData.moviePermalinkPath ?? "",
    moviePermalinkOrigin: pageData.moviePermalinkOrigin ?? "",
    scheduledMovieIds: [...new Set(scheduledMovieIds)].map(String),
    isLoggedIn: String(pageData.isLoggedIn),
  });
}

/**
 * The films scheduled on a page (spec §3 scheduledMovieIds), from the page context shapes the
 * templates receive (src/site/contexts.ts), at `theaterId` when one applies: the theater the
 * page shows (its own on a theater page, else the visitor's choice, spec §4 "Selected theater"),
 * whose showtimes alone the film list, the schedule, the home page's next showtimes and a film page
 * then show. Null (no theater, or a single-location site) counts every theater.
 *
 * - a film page (`film`, `showtimes` in the short form of catalogue/film-showtimes.ts,
 *   [perfCode, theaterId, ...]): its film, when it has a showtime there;
 * - a schedule day (`showtimes` led by their film's id, [filmId, perfCode, theaterId, ...]) and the
 *   home page (`programme.showtimes`, whole showtimes with filmId and theaterId): each film with a
 *   showtime there, once, in order;
 * - a film list, a page with film blocks, a theater page (`films[]`, each with its first day
 *   `nextDay` and every theater it plays at, `theaterIds`): the films with a next day, playing there.
 *
 * Every one of these shapes names its theater; an entry that does not (no shape today) is not
 * filtered, as before theaters were taken into account. Other pages schedule none.
 */
export function scheduledFilmIdsOf(pageContext: object, theaterId: string | null): number[] {
  const context = pageContext as {
    film?: { id: number };
    showtimes?: readonly unknown[];
    films?: readonly { id: number; nextDay?: unknown; theaterIds?: readonly string[] }[];
    programme?: { showtimes?: readonly unknown[] };
  };
  /** Whether an entry whose theater is `theater` (undefined: it names none) is scheduled at the page's theater. */
  const here = (theater: unknown) => theaterId === null || theater === undefined || theater === theaterId;
  /** A whole showtime's field; tuples have their own positions. */
  const field = (s: unknown, key: "filmId" | "theaterId") =>
    typeof s === "object" && s !== null && !Array.isArray(s) ? (s as Record<string, unknown>)[key] : undefined;
  const showtimes = context.showtimes ?? context.programme?.showtimes;
  // A film page's showtimes are its film's and carry no film id: [perfCode, theaterId, ...].
  if (Array.isArray(showtimes) && context.film) {
    const theaterOf = (s: unknown) => (Array.isArray(s) ? s[1] : field(s, "theaterId"));
    return showtimes.some((s) => here(theaterOf(s))) ? [context.film.id] : [];
  }
  // A schedule day's are tuples led by their film's id, [filmId, perfCode, theaterId, ...]; the
  // home page's are whole showtimes.
  if (Array.isArray(showtimes)) {
    const filmIdOf = (s: unknown) => (Array.isArray(s) ? s[0] : field(s, "filmId"));
    const theaterOf = (s: unknown) => (Array.isArray(s) ? s[2] : field(s, "theaterId"));
    return [
      ...new Set(
        showtimes.flatMap((s) => {
          const id = filmIdOf(s);
          return typeof id === "number" && here(theaterOf(s)) ? [id] : [];
        }),
      ),
    ];
  }
  if (Array.isArray(context.films))
    return context.films
      .filter(
        (film) =>
          film.nextDay !== undefined &&
          film.nextDay !== null &&
          (film.theaterIds === undefined || theaterId === null || film.theaterIds.includes(theaterId)),
      )
      .map((f) => f.id);
  return [];
}

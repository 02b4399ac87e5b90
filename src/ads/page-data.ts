// Spec §3 "Ad targeting data": the global page data object the ads read, and the targeting sent
// to the ad wrapper. Pure: the React glue gathers the inputs on every page and navigation.
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
  /** The current theatre (spec §4 "Selected theatre"), with its own page on a circuit (null on a single-location site). */
  theater: { id: string; name: string; path: string | null } | null;
  film: { id: number; title: string; releaseDate: string | null; path: string } | null;
  isLoggedIn: boolean;
}

export function buildPageData({ urlOrigin, domain, pageType, theater, film, isLoggedIn }: PageDataInput): PageData {
  return {
    urlOrigin,
    domain,
    pageType,
    theaterId: theater?.id ?? null,
    theaterName: theater?.name ?? null,
    theaterPermalinkOrigin: theater ? urlOrigin : null,
    // A single-location site's theatre is the site itself: its home page.
    theaterPermalinkPath: theater ? (theater.path ?? "/") : null,
    movieId: film?.id ?? null,
    movieTitle: film?.title ?? null,
    movieReleaseDate: film?.releaseDate ?? null,
    moviePermalinkOrigin: film ? urlOrigin : null,
    moviePermalinkPath: film?.path ?? null,
    isLoggedIn,
  };
}

/** Targeting sent to the ad wrapper (spec §3) and, in direct mode, to the ad server; every value a string or a list of strings. */
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
  return {
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
  };
}

/**
 * The films scheduled on a page, from the page context shapes the templates receive: a programme
 * (`showtimes`), a film list whose entries have a next day (`films[].nextDay`), or one film with
 * its showtimes. Other pages schedule none.
 */
export function scheduledFilmIdsOf(pageContext: object): number[] {
  const context = pageContext as {
    film?: { id: number };
    showtimes?: readonly unknown[];
    films?: readonly { id: number; nextDay?: unknown }[];
    programme?: { showtimes?: readonly { filmId?: number }[] };
  };
  const showtimes = context.showtimes ?? context.programme?.showtimes;
  // A film page's showtimes are its film's and carry no film id (catalogue/film-showtimes.ts).
  if (Array.isArray(showtimes) && context.film) return showtimes.length > 0 ? [context.film.id] : [];
  // A schedule day's are tuples that start with their film's id; the home page's are whole showtimes.
  const filmIdOf = (s: unknown) =>
    Array.isArray(s) ? s[0] : typeof s === "object" && s !== null ? (s as { filmId?: unknown }).filmId : undefined;
  if (Array.isArray(showtimes))
    return [
      ...new Set(
        showtimes.flatMap((s) => {
          const id = filmIdOf(s);
          return typeof id === "number" ? [id] : [];
        }),
      ),
    ];
  if (Array.isArray(context.films))
    return context.films.filter((film) => film.nextDay !== undefined && film.nextDay !== null).map((f) => f.id);
  return [];
}

// How a film is named in the watchlist; tiny and zod-free, so the page-level hook can use it.
import type { WatchlistFilm } from "../provider/api/favourites";

/**
 * The id a film has in the list: its externalFilmId, else its boxofficeId as text (the order the
 * upstream reads them in); "" when it has neither.
 */
export function watchlistIdOf(film: WatchlistFilm): string {
  if (film.externalFilmId) return film.externalFilmId;
  return film.boxofficeId === null ? "" : String(film.boxofficeId);
}

/** Is the film listed, under either of its ids (the server may list externalFilmIds or boxofficeIds)? */
export function isListed(films: readonly string[], film: WatchlistFilm | string): boolean {
  if (typeof film === "string") return film !== "" && films.includes(film);
  return (
    (!!film.externalFilmId && films.includes(film.externalFilmId)) ||
    (film.boxofficeId !== null && films.includes(String(film.boxofficeId)))
  );
}

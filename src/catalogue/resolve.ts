import { filmIdFromPath } from "./films";

/** Film id named by a /films/* path or a movie permalink (/permalink/movie/<id>, /movies/movie/<id>). */
export function filmIdFromAnyPath(pathname: string): number | null {
  const permalink = /^\/[a-z0-9-]+\/movie\/(\d+)(?:[-/].*)?$/.exec(pathname);
  if (permalink) {
    const id = Number(permalink[1]);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return filmIdFromPath(pathname);
}

export type FilmIndex = Record<string, string>;

/** Where a path should land: the canonical film page, or null for the not-found content. */
export function resolveFilmPath(pathname: string, index: FilmIndex): string | null {
  const id = filmIdFromAnyPath(pathname);
  if (id === null) return null;
  const canonical = index[String(id)];
  if (!canonical || canonical === pathname || canonical === `${pathname}/`) return null;
  return canonical;
}

export function isFilmIndex(value: unknown): value is FilmIndex {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => /^\d+$/.test(k) && typeof v === "string" && v.startsWith("/films/"))
  );
}

// What the build publishes about every film for the watchlist screen (a member's list holds ids
// only). A static file fetched on that screen, so no page carries the whole catalogue.
export const FILM_DIRECTORY_PATH = "/film-directory.json";

export type FilmDirectory = Record<string, { title: string; path: string }>;

/** Reads the published file; anything malformed counts as no entry rather than breaking the screen. */
export function parseFilmDirectory(value: unknown): FilmDirectory {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const directory: FilmDirectory = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== "object" || entry === null) continue;
    const { title, path } = entry as Record<string, unknown>;
    if (typeof title === "string" && typeof path === "string" && path.startsWith("/")) directory[id] = { title, path };
  }
  return directory;
}

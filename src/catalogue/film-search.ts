// The film search as pages use it: the engine's code and the index arrive together when the
// visitor starts searching (focus or typing in a search box, a results page), never with the page.
import { useCallback, useRef, useState } from "react";
import { loadOnce } from "../lib/lazy";
import type { FilmSearch } from "./search-engine";
import { FILM_SEARCH_INDEX_PATH, parseSearchIndex, type SearchableFilm } from "./search-index";

export type { FilmSearch };

const loadEngine = /* @__PURE__ */ loadOnce(() => import("./search-engine"));

async function fetchSearchIndex(): Promise<SearchableFilm[]> {
  const response = await fetch(FILM_SEARCH_INDEX_PATH);
  if (!response.ok) throw new Error(`${FILM_SEARCH_INDEX_PATH} answered ${response.status}`);
  const films = parseSearchIndex(await response.json());
  // A file of another version (a deploy since the page loaded) is no index: the page's own filter stays.
  if (!films) throw new Error(`${FILM_SEARCH_INDEX_PATH} is not a search index this page reads`);
  return films;
}

/** The search, loaded once a page load; a failure (offline, a deploy in between) is tried again on the next call. */
export const loadFilmSearch = /* @__PURE__ */ loadOnce(async (): Promise<FilmSearch> => {
  const [engine, films] = await Promise.all([loadEngine(), fetchSearchIndex()]);
  return engine.createFilmSearch(films);
});

export type FilmSearchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; search: FilmSearch }
  /** The index or the engine could not be had: the caller does without (a title filter, no suggestions). */
  | { status: "unavailable" };

/**
 * The search for a component, and `start` to ask for it (harmless when asked already). After a
 * failure `start` tries again: the visitor may be back online.
 */
export function useFilmSearch(): readonly [FilmSearchState, () => void] {
  const [state, setState] = useState<FilmSearchState>({ status: "idle" });
  const asked = useRef(false);
  const start = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    setState({ status: "loading" });
    loadFilmSearch().then(
      (search) => setState({ status: "ready", search }),
      () => {
        asked.current = false;
        setState({ status: "unavailable" });
      },
    );
  }, []);
  return [state, start] as const;
}

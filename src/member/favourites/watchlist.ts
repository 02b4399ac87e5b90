// Spec §4 "Favourite films (watchlist)" as a pure reducer. The list only ever becomes what the
// server answered: adding or removing a film changes it on success only, and a failed change
// leaves it as it was, with the failure kept so the button can say why.
//
// Every request carries an increasing id. An answer whose request is no longer awaited (the
// session ended, or a newer load started) is ignored, so a late reply cannot bring back a
// signed-out member's list; and a list older than the one shown (sent before the change that
// produced the current one) does not replace it.
import { replayWith } from "../../lib/replay";
import type { WatchlistFilm } from "../provider/api/favourites";
import type { LoyaltyFailure } from "../types";
import type { FavouritesOutcome } from "./availability";
import type { FavouritesMessageId } from "./i18n/en-US";

export type { WatchlistFilm } from "../provider/api/favourites";
export { isListed, watchlistIdOf } from "./watchlist-ids";

export type WatchlistChange = "add" | "remove";

/**
 * - disabled: the site has no watchlist (includeWatchlist off, a version 1 loyalty provider or session);
 * - restoring: the stored session is not read yet (always so in the server render);
 * - guest: no member signed in (the page may invite them to sign in);
 * - loading, ready: the member's list; failed: it could not be loaded (shown as empty).
 */
export type WatchlistStatus = "disabled" | "restoring" | "guest" | "loading" | "ready" | "failed";

/** What useWatchlist() answers (WatchlistProvider.tsx). */
export interface WatchlistValue {
  /** A member may use the watchlist here: includeWatchlist and a version 3 session. */
  readonly available: boolean;
  readonly status: WatchlistStatus;
  /** Film ids as the server lists them (empty for guests). */
  readonly films: readonly string[];
  isInWatchlist(film: WatchlistFilm | string): boolean;
  /** An add or remove of this film is awaiting its answer. */
  pending(film: WatchlistFilm | string): boolean;
  /** The last failed add or remove (any kind, so the button can say why); null otherwise. */
  readonly error: WatchlistError | null;
  /** Adds the film when it is not listed, removes it when it is; "ignored" until the list is known. */
  toggle(film: WatchlistFilm): Promise<FavouritesOutcome>;
  dismissError(): void;
}

/** idle: nothing asked yet (no session); failed: the list could not be loaded (it is empty). */
export type WatchlistLoadStatus = "idle" | "loading" | "ready" | "failed";

export interface WatchlistError {
  /** The film's watchlist id (watchlistIdOf). */
  readonly filmId: string;
  readonly change: WatchlistChange;
  readonly failure: LoyaltyFailure;
  /** Fallback text when the failure has no catalogue wording of its own. */
  readonly messageId: FavouritesMessageId;
}

export interface WatchlistState {
  readonly status: WatchlistLoadStatus;
  /** Film ids as the server lists them (externalFilmIds, or boxofficeIds as strings). */
  readonly films: readonly string[];
  /** The request whose answer `films` is (-1: none yet). */
  readonly listRequest: number;
  /** The load being awaited, if any. */
  readonly loadRequest: number | null;
  readonly loadFailure: LoyaltyFailure | null;
  /** Film id → the change being awaited for it. */
  readonly pending: ReadonlyMap<string, { readonly request: number; readonly change: WatchlistChange }>;
  /** The last failed add or remove, until the next change starts or it is dismissed. */
  readonly error: WatchlistError | null;
}

export type WatchlistAction =
  | { readonly type: "loadStarted"; readonly request: number }
  | { readonly type: "loaded"; readonly request: number; readonly films: readonly string[] }
  | { readonly type: "loadFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | {
      readonly type: "toggleStarted";
      readonly request: number;
      readonly filmId: string;
      readonly change: WatchlistChange;
    }
  | { readonly type: "filmAdded"; readonly request: number; readonly filmId: string; readonly films: readonly string[] }
  | {
      readonly type: "filmRemoved";
      readonly request: number;
      readonly filmId: string;
      readonly films: readonly string[];
    }
  | {
      readonly type: "toggleFailed";
      readonly request: number;
      readonly filmId: string;
      readonly failure: LoyaltyFailure;
    }
  | { readonly type: "errorDismissed" }
  | { readonly type: "sessionEnded" };

export const initialWatchlistState: WatchlistState = {
  status: "idle",
  films: [],
  listRequest: -1,
  loadRequest: null,
  loadFailure: null,
  pending: new Map(),
  error: null,
};

function withoutPending(pending: WatchlistState["pending"], filmId: string): WatchlistState["pending"] {
  const next = new Map(pending);
  next.delete(filmId);
  return next;
}

function newerList(
  state: WatchlistState,
  request: number,
  films: readonly string[],
): Pick<WatchlistState, "films" | "listRequest"> {
  return request > state.listRequest
    ? { films, listRequest: request }
    : { films: state.films, listRequest: state.listRequest };
}

function awaited(state: WatchlistState, filmId: string, request: number): boolean {
  return state.pending.get(filmId)?.request === request;
}

export function watchlistReducer(state: WatchlistState, action: WatchlistAction): WatchlistState {
  switch (action.type) {
    case "loadStarted":
      // The list shown so far stays until the new one arrives.
      return { ...state, status: "loading", loadRequest: action.request, loadFailure: null };
    case "loaded":
      if (state.loadRequest !== action.request) return state;
      return { ...state, status: "ready", loadRequest: null, ...newerList(state, action.request, action.films) };
    case "loadFailed":
      if (state.loadRequest !== action.request) return state;
      return { ...state, status: "failed", films: [], loadRequest: null, loadFailure: action.failure };
    case "toggleStarted":
      if (state.pending.has(action.filmId)) return state;
      return {
        ...state,
        pending: new Map(state.pending).set(action.filmId, { request: action.request, change: action.change }),
        error: null,
      };
    case "filmAdded":
    case "filmRemoved":
      if (!awaited(state, action.filmId, action.request)) return state;
      return {
        ...state,
        pending: withoutPending(state.pending, action.filmId),
        ...newerList(state, action.request, action.films),
      };
    case "toggleFailed": {
      const change = state.pending.get(action.filmId);
      if (!change || change.request !== action.request) return state;
      return {
        ...state,
        pending: withoutPending(state.pending, action.filmId),
        error: {
          filmId: action.filmId,
          change: change.change,
          failure: action.failure,
          messageId: change.change === "add" ? "favourites.watchlist.error.add" : "favourites.watchlist.error.remove",
        },
      };
    }
    case "errorDismissed":
      return state.error ? { ...state, error: null } : state;
    case "sessionEnded":
      return initialWatchlistState;
  }
}

export const reduceWatchlist = replayWith(watchlistReducer, initialWatchlistState);

// One member's watchlist for one page: loads the list when created, turns toggles into calls and
// their answers into reducer actions (watchlist.ts). Loaded lazily by <WatchlistProvider> once a
// v3 member is signed in, so it may import the calls (and zod) statically.
import {
  addFavouriteFilm,
  getFavouriteFilms,
  removeFavouriteFilm,
  type FavouritesSession,
  type WatchlistFilm,
} from "../loyalty/api/favourites";
import type { LoyaltyClient } from "../loyalty/client";
import type { FavouritesOutcome } from "./availability";
import { createReducerStore, describeFailure } from "./store";
import { initialWatchlistState, isListed, watchlistIdOf, watchlistReducer, type WatchlistState } from "./watchlist";

export interface WatchlistStore {
  getState(): WatchlistState;
  subscribe(listener: () => void): () => void;
  /** The same member with a refreshed token (v3 rotates it): later calls use it, the list is kept. */
  renewSession(session: FavouritesSession): void;
  toggle(film: WatchlistFilm): Promise<FavouritesOutcome>;
  dismissError(): void;
  /** The member signed out: the list empties and answers still on their way are ignored. */
  end(): void;
}

export interface WatchlistStoreOptions {
  readonly warn?: (message: string) => void;
}

export function createWatchlistStore(
  client: LoyaltyClient,
  session: FavouritesSession,
  options: WatchlistStoreOptions = {},
): WatchlistStore {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const store = createReducerStore(watchlistReducer, initialWatchlistState);
  let current = session;
  let ended = false;
  let nextRequest = 0;

  async function load(): Promise<void> {
    const request = ++nextRequest;
    store.dispatch({ type: "loadStarted", request });
    const result = await getFavouriteFilms(client, current);
    if (ended) return;
    if (result.ok) {
      store.dispatch({ type: "loaded", request, films: result.value });
      return;
    }
    warn(`Watchlist: the list could not be loaded (${describeFailure(result.failure)})`);
    store.dispatch({ type: "loadFailed", request, failure: result.failure });
  }

  async function toggle(film: WatchlistFilm): Promise<FavouritesOutcome> {
    const state = store.getState();
    const filmId = watchlistIdOf(film);
    // Before the first list arrives there is no telling whether the film is listed.
    const listUnknown = state.status === "idle" || (state.status === "loading" && state.listRequest === -1);
    if (ended || filmId === "" || listUnknown || state.pending.has(filmId)) return "ignored";
    const change = isListed(state.films, film) ? "remove" : "add";
    const request = ++nextRequest;
    store.dispatch({ type: "toggleStarted", request, filmId, change });
    const result =
      change === "add"
        ? await addFavouriteFilm(client, current, film)
        : await removeFavouriteFilm(client, current, film);
    if (ended) return "ignored";
    if (result.ok) {
      store.dispatch({ type: change === "add" ? "filmAdded" : "filmRemoved", request, filmId, films: result.value });
      return "done";
    }
    // Spec §8: the list stays as it was and the error is logged; it is also kept for the button.
    warn(`Watchlist: ${change} of film ${filmId} failed (${describeFailure(result.failure)})`);
    store.dispatch({ type: "toggleFailed", request, filmId, failure: result.failure });
    return "failed";
  }

  void load();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    renewSession(next) {
      current = next;
    },
    toggle,
    dismissError: () => store.dispatch({ type: "errorDismissed" }),
    end() {
      ended = true;
      store.dispatch({ type: "sessionEnded" });
    },
  };
}

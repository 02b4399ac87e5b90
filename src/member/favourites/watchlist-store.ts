// One member's watchlist for one page (spec §4 "Favourite films"), on the shared skeleton
// (store.ts): loads the list when created, turns toggles into calls and their answers into
// reducer actions (watchlist.ts). Loaded lazily by <WatchlistProvider> once a v3 member is signed
// in (watchlistSlot), so it may import the calls (and zod) statically.
import {
  addFavouriteFilm,
  getFavouriteFilms,
  removeFavouriteFilm,
  type FavouritesSession,
  type WatchlistFilm,
} from "../provider/api/favourites";
import type { LoyaltyClient } from "../provider/client";
import type { FavouritesOutcome } from "./availability";
import { createMemberListStore, createStoreSlot, type MemberStore } from "./store";
import type { StoreSlot } from "./useMemberStore";
import {
  initialWatchlistState,
  isListed,
  watchlistIdOf,
  watchlistReducer,
  type WatchlistAction,
  type WatchlistState,
  type WatchlistValue,
} from "./watchlist";

export interface WatchlistStore extends MemberStore<WatchlistState> {
  toggle(film: WatchlistFilm): Promise<FavouritesOutcome>;
}

export interface WatchlistStoreOptions {
  readonly warn?: (message: string) => void;
}

export function createWatchlistStore(
  client: LoyaltyClient,
  session: FavouritesSession,
  options: WatchlistStoreOptions = {},
): WatchlistStore {
  const { request, ...store } = createMemberListStore<WatchlistState, WatchlistAction, readonly string[]>(
    {
      name: "Watchlist",
      reducer: watchlistReducer,
      initial: initialWatchlistState,
      fetchList: (current) => getFavouriteFilms(client, current),
      loaded: (id, films) => ({ type: "loaded", request: id, films }),
      // Spec §8: every failure is logged; a failed change is also kept for the button to explain.
      logged: () => true,
      warn: options.warn,
    },
    session,
  );

  function toggle(film: WatchlistFilm): Promise<FavouritesOutcome> {
    const state = store.getState();
    const filmId = watchlistIdOf(film);
    // Before the first list arrives there is no telling whether the film is listed.
    const listUnknown = state.status === "idle" || (state.status === "loading" && state.listRequest === -1);
    if (filmId === "" || listUnknown || state.pending.has(filmId)) return Promise.resolve("ignored");
    const change = isListed(state.films, film) ? "remove" : "add";
    return request({
      started: (id) => ({ type: "toggleStarted", request: id, filmId, change }),
      call: (current) =>
        change === "add" ? addFavouriteFilm(client, current, film) : removeFavouriteFilm(client, current, film),
      done: (id, films) => ({ type: change === "add" ? "filmAdded" : "filmRemoved", request: id, filmId, films }),
      failed: (id, failure) => ({ type: "toggleFailed", request: id, filmId, failure }),
      failure: `${change} of film ${filmId} failed`,
    });
  }

  return { ...store, toggle };
}

/** The signed-in member's watchlist as <WatchlistProvider> reads it: the value useWatchlist() answers. */
export function watchlistSlot(client: LoyaltyClient): StoreSlot<WatchlistValue> {
  return createStoreSlot((session) => {
    const store = createWatchlistStore(client, session);
    const read = (): WatchlistValue => {
      const state = store.getState();
      return {
        available: true,
        status: state.status === "idle" ? "loading" : state.status,
        films: state.films,
        isInWatchlist: (film) => isListed(state.films, film),
        pending: (film) => state.pending.has(typeof film === "string" ? film : watchlistIdOf(film)),
        error: state.error,
        toggle: store.toggle,
        dismissError: store.dismissError,
      };
    };
    return { ...store, read };
  });
}

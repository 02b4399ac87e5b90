// One member's favourite theaters for one page (spec §4 "Favourite theaters"), on the shared
// skeleton (store.ts): loads the list when created, turns actions into calls and their answers
// into reducer actions (favourite-theaters.ts), and asks for the member to be refreshed after an
// add or a remove. Loaded lazily by <FavouriteTheatersProvider> (favouriteTheatersSlot).
import {
  addFavouriteTheater,
  getFavouriteTheaters,
  removeFavouriteTheater,
  updateNewsletter,
  type FavouriteTheater,
  type FavouritesSession,
} from "../provider/api/favourites";
import type { LoyaltyClient } from "../provider/client";
import type { LoyaltyResult } from "../types";
import type { FavouritesOutcome } from "./availability";
import {
  favouriteTheatersReducer,
  initialFavouriteTheatersState,
  isLoading,
  refreshesMember,
  type FavouriteTheatersAction,
  type FavouriteTheatersChange,
  type FavouriteTheatersState,
  type FavouriteTheatersValue,
} from "./favourite-theaters";
import { createMemberListStore, createStoreSlot, type MemberStore } from "./store";
import type { StoreSlot } from "./useMemberStore";

export interface FavouriteTheatersStore extends MemberStore<FavouriteTheatersState> {
  addTheater(theaterId: string): Promise<FavouritesOutcome>;
  removeTheater(theaterId: string): Promise<FavouritesOutcome>;
  updateNewsletter(entries: readonly FavouriteTheater[]): Promise<FavouritesOutcome>;
}

export interface FavouriteTheatersStoreOptions {
  /** Spec §4: called after a successful add or remove (the provider's refreshMember). */
  readonly refreshMember: () => void;
  readonly warn?: (message: string) => void;
}

type ListChange = Extract<FavouriteTheatersAction["type"], "theaterAdded" | "theaterRemoved" | "newsletterUpdated">;
const CHANGE_OF: Readonly<Record<ListChange, FavouriteTheatersChange>> = {
  theaterAdded: "add",
  theaterRemoved: "remove",
  newsletterUpdated: "newsletter",
};

export function createFavouriteTheatersStore(
  client: LoyaltyClient,
  session: FavouritesSession,
  options: FavouriteTheatersStoreOptions,
): FavouriteTheatersStore {
  const { request, ...store } = createMemberListStore<
    FavouriteTheatersState,
    FavouriteTheatersAction,
    readonly FavouriteTheater[]
  >(
    {
      name: "Favourite theaters",
      reducer: favouriteTheatersReducer,
      initial: initialFavouriteTheatersState,
      fetchList: (current) => getFavouriteTheaters(client, current),
      loaded: (id, theaters) => ({ type: "loaded", request: id, theaters }),
      // Spec §8: a provider refusal is stored for display (the reducer); anything else is only logged.
      logged: (failure) => failure.kind !== "provider",
      warn: options.warn,
    },
    session,
  );

  const change = (
    done: ListChange,
    call: (session: FavouritesSession) => Promise<LoyaltyResult<readonly FavouriteTheater[]>>,
  ): Promise<FavouritesOutcome> =>
    request(
      {
        started: (id) => ({ type: "changeStarted", request: id, change: CHANGE_OF[done] }),
        call,
        done: (id, theaters) => ({ type: done, request: id, theaters }),
        failed: (id, failure) => ({ type: "changeFailed", request: id, failure }),
        failure: `${CHANGE_OF[done]} failed`,
      },
      (action) => {
        if (refreshesMember(action)) options.refreshMember();
      },
    );

  return {
    ...store,
    addTheater: (theaterId) => change("theaterAdded", (s) => addFavouriteTheater(client, s, theaterId)),
    removeTheater: (theaterId) => change("theaterRemoved", (s) => removeFavouriteTheater(client, s, theaterId)),
    updateNewsletter: (entries) => change("newsletterUpdated", (s) => updateNewsletter(client, s, entries)),
  };
}

/** The signed-in member's favourite theaters as <FavouriteTheatersProvider> reads them: useFavouriteTheaters()'s value. */
export function favouriteTheatersSlot(
  client: LoyaltyClient,
  options: FavouriteTheatersStoreOptions,
): StoreSlot<FavouriteTheatersValue> {
  return createStoreSlot((session) => {
    const store = createFavouriteTheatersStore(client, session, options);
    const read = (): FavouriteTheatersValue => {
      const state = store.getState();
      return {
        available: true,
        status: state.status === "idle" ? "loading" : state.status,
        loading: isLoading(state),
        theaters: state.theaters,
        isFavourite: (theaterId) => state.theaters.some((theater) => theater.theaterId === theaterId),
        error: state.error,
        addTheater: store.addTheater,
        removeTheater: store.removeTheater,
        updateNewsletter: store.updateNewsletter,
        setNewsletter: (theaterId, newsletter) => store.updateNewsletter([{ theaterId, newsletter }]),
        dismissError: store.dismissError,
      };
    };
    return { ...store, read };
  });
}

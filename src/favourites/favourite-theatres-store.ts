// One member's favourite theatres for one page (spec §4 "Favourite theatres"), on the shared
// skeleton (store.ts): loads the list when created, turns actions into calls and their answers
// into reducer actions (favourite-theatres.ts), and asks for the member to be refreshed after an
// add or a remove. Loaded lazily by <FavouriteTheatresProvider> (favouriteTheatresSlot).
import {
  addFavouriteTheatre,
  getFavouriteTheatres,
  removeFavouriteTheatre,
  updateNewsletter,
  type FavouriteTheatre,
  type FavouritesSession,
} from "../loyalty/api/favourites";
import type { LoyaltyClient } from "../loyalty/client";
import type { LoyaltyResult } from "../loyalty/session/types";
import type { FavouritesOutcome } from "./availability";
import {
  favouriteTheatresReducer,
  initialFavouriteTheatresState,
  isLoading,
  refreshesMember,
  type FavouriteTheatresAction,
  type FavouriteTheatresChange,
  type FavouriteTheatresState,
  type FavouriteTheatresValue,
} from "./favourite-theatres";
import { createMemberListStore, createStoreSlot, type MemberStore } from "./store";
import type { StoreSlot } from "./useMemberStore";

export interface FavouriteTheatresStore extends MemberStore<FavouriteTheatresState> {
  addTheatre(theatreId: string): Promise<FavouritesOutcome>;
  removeTheatre(theatreId: string): Promise<FavouritesOutcome>;
  updateNewsletter(entries: readonly FavouriteTheatre[]): Promise<FavouritesOutcome>;
}

export interface FavouriteTheatresStoreOptions {
  /** Spec §4: called after a successful add or remove (the provider's refreshMember). */
  readonly refreshMember: () => void;
  readonly warn?: (message: string) => void;
}

type ListChange = Extract<FavouriteTheatresAction["type"], "theatreAdded" | "theatreRemoved" | "newsletterUpdated">;
const CHANGE_OF: Readonly<Record<ListChange, FavouriteTheatresChange>> = {
  theatreAdded: "add",
  theatreRemoved: "remove",
  newsletterUpdated: "newsletter",
};

export function createFavouriteTheatresStore(
  client: LoyaltyClient,
  session: FavouritesSession,
  options: FavouriteTheatresStoreOptions,
): FavouriteTheatresStore {
  const { request, ...store } = createMemberListStore<
    FavouriteTheatresState,
    FavouriteTheatresAction,
    readonly FavouriteTheatre[]
  >(
    {
      name: "Favourite theatres",
      reducer: favouriteTheatresReducer,
      initial: initialFavouriteTheatresState,
      fetchList: (current) => getFavouriteTheatres(client, current),
      loaded: (id, theatres) => ({ type: "loaded", request: id, theatres }),
      // Spec §8: a provider refusal is stored for display (the reducer); anything else is only logged.
      logged: (failure) => failure.kind !== "provider",
      warn: options.warn,
    },
    session,
  );

  const change = (
    done: ListChange,
    call: (session: FavouritesSession) => Promise<LoyaltyResult<readonly FavouriteTheatre[]>>,
  ): Promise<FavouritesOutcome> =>
    request(
      {
        started: (id) => ({ type: "changeStarted", request: id, change: CHANGE_OF[done] }),
        call,
        done: (id, theatres) => ({ type: done, request: id, theatres }),
        failed: (id, failure) => ({ type: "changeFailed", request: id, failure }),
        failure: `${CHANGE_OF[done]} failed`,
      },
      (action) => {
        if (refreshesMember(action)) options.refreshMember();
      },
    );

  return {
    ...store,
    addTheatre: (theatreId) => change("theatreAdded", (s) => addFavouriteTheatre(client, s, theatreId)),
    removeTheatre: (theatreId) => change("theatreRemoved", (s) => removeFavouriteTheatre(client, s, theatreId)),
    updateNewsletter: (entries) => change("newsletterUpdated", (s) => updateNewsletter(client, s, entries)),
  };
}

/** The signed-in member's favourite theatres as <FavouriteTheatresProvider> reads them: useFavouriteTheatres()'s value. */
export function favouriteTheatresSlot(
  client: LoyaltyClient,
  options: FavouriteTheatresStoreOptions,
): StoreSlot<FavouriteTheatresValue> {
  return createStoreSlot((session) => {
    const store = createFavouriteTheatresStore(client, session, options);
    const read = (): FavouriteTheatresValue => {
      const state = store.getState();
      return {
        available: true,
        status: state.status === "idle" ? "loading" : state.status,
        loading: isLoading(state),
        theatres: state.theatres,
        isFavourite: (theatreId) => state.theatres.some((theatre) => theatre.theatreId === theatreId),
        error: state.error,
        addTheatre: store.addTheatre,
        removeTheatre: store.removeTheatre,
        updateNewsletter: store.updateNewsletter,
        setNewsletter: (theatreId, newsletter) => store.updateNewsletter([{ theatreId, newsletter }]),
        dismissError: store.dismissError,
      };
    };
    return { ...store, read };
  });
}

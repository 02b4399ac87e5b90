// One member's favourite theatres for one page: loads the list when created, turns actions into
// calls and their answers into reducer actions (favourite-theatres.ts), and asks for the member
// to be refreshed after an add or a remove. Loaded lazily by <FavouriteTheatresProvider>.
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
  refreshesMember,
  type FavouriteTheatresAction,
  type FavouriteTheatresChange,
  type FavouriteTheatresState,
} from "./favourite-theatres";
import { createReducerStore, describeFailure } from "./store";

export interface FavouriteTheatresStore {
  getState(): FavouriteTheatresState;
  subscribe(listener: () => void): () => void;
  /** The same member with a refreshed token: later calls use it, the list is kept. */
  renewSession(session: FavouritesSession): void;
  addTheatre(theatreId: string): Promise<FavouritesOutcome>;
  removeTheatre(theatreId: string): Promise<FavouritesOutcome>;
  updateNewsletter(entries: readonly FavouriteTheatre[]): Promise<FavouritesOutcome>;
  dismissError(): void;
  /** The member signed out: the list empties and answers still on their way are ignored. */
  end(): void;
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
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const store = createReducerStore(favouriteTheatresReducer, initialFavouriteTheatresState);
  let current = session;
  let ended = false;
  let nextRequest = 0;

  async function load(): Promise<void> {
    const request = ++nextRequest;
    store.dispatch({ type: "loadStarted", request });
    const result = await getFavouriteTheatres(client, current);
    if (ended) return;
    if (result.ok) {
      store.dispatch({ type: "loaded", request, theatres: result.value });
      return;
    }
    // Spec §8: a provider refusal is stored for display (the reducer); anything else is only logged.
    if (result.failure.kind !== "provider")
      warn(`Favourite theatres: the list could not be loaded (${describeFailure(result.failure)})`);
    store.dispatch({ type: "loadFailed", request, failure: result.failure });
  }

  async function change(
    done: ListChange,
    call: (session: FavouritesSession) => Promise<LoyaltyResult<readonly FavouriteTheatre[]>>,
  ): Promise<FavouritesOutcome> {
    if (ended) return "ignored";
    const request = ++nextRequest;
    store.dispatch({ type: "changeStarted", request, change: CHANGE_OF[done] });
    const result = await call(current);
    if (ended) return "ignored";
    if (!result.ok) {
      if (result.failure.kind !== "provider")
        warn(`Favourite theatres: ${CHANGE_OF[done]} failed (${describeFailure(result.failure)})`);
      store.dispatch({ type: "changeFailed", request, failure: result.failure });
      return "failed";
    }
    const action: FavouriteTheatresAction = { type: done, request, theatres: result.value };
    store.dispatch(action);
    if (refreshesMember(action)) options.refreshMember();
    return "done";
  }

  void load();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    renewSession(next) {
      current = next;
    },
    addTheatre: (theatreId) => change("theatreAdded", (s) => addFavouriteTheatre(client, s, theatreId)),
    removeTheatre: (theatreId) => change("theatreRemoved", (s) => removeFavouriteTheatre(client, s, theatreId)),
    updateNewsletter: (entries) => change("newsletterUpdated", (s) => updateNewsletter(client, s, entries)),
    dismissError: () => store.dispatch({ type: "errorDismissed" }),
    end() {
      ended = true;
      store.dispatch({ type: "sessionEnded" });
    },
  };
}

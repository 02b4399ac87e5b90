// Spec §4 "Favourite theatres" and §8 as a pure reducer. Successful calls replace the list with
// the server's; a failure keeps the previous list. Only a provider refusal stores a message (spec
// §8: "The message is stored and shown"); network and proxy failures are logged by the caller and
// leave no message ("Network exceptions are logged only").
//
// Requests carry increasing ids: the loading flag holds while any is awaited; an answer to a
// request no longer awaited (the session ended meanwhile) is ignored; and a list older than the
// one shown (a load or change sent before the change that produced it) does not replace it.
import type { FavouriteTheatre } from "../loyalty/api/favourites";
import type { LoyaltyFailure } from "../loyalty/session/types";
import type { FavouritesOutcome } from "./availability";
import type { FavouritesMessageId } from "./i18n/en-US";

export type { FavouriteTheatre } from "../loyalty/api/favourites";

export type FavouriteTheatresChange = "add" | "remove" | "newsletter";
export type FavouriteTheatresLoadStatus = "idle" | "loading" | "ready" | "failed";

export interface FavouriteTheatresError {
  /** The spec §8 fallback, used when the provider code has no catalogue wording. */
  readonly messageId: Extract<
    FavouritesMessageId,
    "favourites.theatres.error.action" | "favourites.theatres.error.load"
  >;
  readonly failure: LoyaltyFailure;
}

/** What useFavouriteTheatres() answers (FavouriteTheatresProvider.tsx). */
export interface FavouriteTheatresValue {
  /** A version 3 member is signed in. */
  readonly available: boolean;
  /** idle when unavailable. */
  readonly status: FavouriteTheatresLoadStatus;
  /** Spec §4 "Loading flag": a request is running. */
  readonly loading: boolean;
  readonly theatres: readonly FavouriteTheatre[];
  isFavourite(theatreId: string): boolean;
  /** The stored spec §8 message (provider refusals only; other failures are logged). */
  readonly error: FavouriteTheatresError | null;
  /** Adds with the newsletter on (spec §5), then refreshes the member. */
  addTheatre(theatreId: string): Promise<FavouritesOutcome>;
  /** Removes, then refreshes the member. */
  removeTheatre(theatreId: string): Promise<FavouritesOutcome>;
  /** Spec §7 "Update subscription" for the given entries; the member is not refreshed. */
  updateNewsletter(entries: readonly FavouriteTheatre[]): Promise<FavouritesOutcome>;
  /** One theatre's newsletter switch. */
  setNewsletter(theatreId: string, newsletter: boolean): Promise<FavouritesOutcome>;
  dismissError(): void;
}

export interface FavouriteTheatresState {
  readonly status: FavouriteTheatresLoadStatus;
  readonly theatres: readonly FavouriteTheatre[];
  /** Requests awaited, by id; the loading flag is "any awaited". */
  readonly inFlight: readonly number[];
  /** The request whose answer `theatres` is (-1: none yet). */
  readonly listRequest: number;
  readonly error: FavouriteTheatresError | null;
}

export type FavouriteTheatresAction =
  | { readonly type: "loadStarted"; readonly request: number }
  | { readonly type: "loaded"; readonly request: number; readonly theatres: readonly FavouriteTheatre[] }
  | { readonly type: "loadFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | { readonly type: "changeStarted"; readonly request: number; readonly change: FavouriteTheatresChange }
  | { readonly type: "theatreAdded"; readonly request: number; readonly theatres: readonly FavouriteTheatre[] }
  | { readonly type: "theatreRemoved"; readonly request: number; readonly theatres: readonly FavouriteTheatre[] }
  | { readonly type: "newsletterUpdated"; readonly request: number; readonly theatres: readonly FavouriteTheatre[] }
  | { readonly type: "changeFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | { readonly type: "errorDismissed" }
  | { readonly type: "sessionEnded" };

export const initialFavouriteTheatresState: FavouriteTheatresState = {
  status: "idle",
  theatres: [],
  inFlight: [],
  listRequest: -1,
  error: null,
};

/** Spec §4: adding or removing a favourite refreshes the member session; a newsletter update does not. */
export function refreshesMember(action: FavouriteTheatresAction): boolean {
  return action.type === "theatreAdded" || action.type === "theatreRemoved";
}

export function isLoading(state: FavouriteTheatresState): boolean {
  return state.inFlight.length > 0;
}

/** Only a provider answer has a message of its own; other failures are logged, not shown (spec §8). */
function errorOf(
  failure: LoyaltyFailure,
  messageId: FavouriteTheatresError["messageId"],
  previous: FavouriteTheatresError | null,
): FavouriteTheatresError | null {
  return failure.kind === "provider" ? { messageId, failure } : previous;
}

function finished(state: FavouriteTheatresState, request: number): readonly number[] | null {
  return state.inFlight.includes(request) ? state.inFlight.filter((id) => id !== request) : null;
}

export function favouriteTheatresReducer(
  state: FavouriteTheatresState,
  action: FavouriteTheatresAction,
): FavouriteTheatresState {
  switch (action.type) {
    case "loadStarted":
      return { ...state, status: "loading", inFlight: [...state.inFlight, action.request], error: null };
    case "changeStarted":
      return { ...state, inFlight: [...state.inFlight, action.request], error: null };
    case "loaded":
    case "theatreAdded":
    case "theatreRemoved":
    case "newsletterUpdated": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      // A change that succeeds also tells us the list: the page has it even if its load failed.
      if (action.request < state.listRequest) return { ...state, status: "ready", inFlight };
      return { ...state, status: "ready", theatres: action.theatres, listRequest: action.request, inFlight };
    }
    case "loadFailed": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      return {
        ...state,
        status: "failed",
        inFlight,
        error: errorOf(action.failure, "favourites.theatres.error.load", state.error),
      };
    }
    case "changeFailed": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      return { ...state, inFlight, error: errorOf(action.failure, "favourites.theatres.error.action", state.error) };
    }
    case "errorDismissed":
      return state.error ? { ...state, error: null } : state;
    case "sessionEnded":
      return initialFavouriteTheatresState;
  }
}

export function reduceFavouriteTheatres(
  actions: readonly FavouriteTheatresAction[],
  from: FavouriteTheatresState = initialFavouriteTheatresState,
): FavouriteTheatresState {
  return actions.reduce(favouriteTheatresReducer, from);
}

// Spec §4 "Favourite theaters" and §8 as a pure reducer. Successful calls replace the list with
// the server's; a failure keeps the previous list. Only a provider refusal stores a message (spec
// §8: "The message is stored and shown"); network and proxy failures are logged by the caller and
// leave no message ("Network exceptions are logged only").
//
// Requests carry increasing ids: the loading flag holds while any is awaited; an answer to a
// request no longer awaited (the session ended meanwhile) is ignored; and a list older than the
// one shown (a load or change sent before the change that produced it) does not replace it.
import { replayWith } from "../../lib/replay";
import type { FavouriteTheater } from "../provider/api/favourites";
import type { LoyaltyFailure } from "../types";
import type { FavouritesOutcome } from "./availability";
import type { FavouritesMessageId } from "./i18n/en-US";

export type { FavouriteTheater } from "../provider/api/favourites";

export type FavouriteTheatersChange = "add" | "remove" | "newsletter";
export type FavouriteTheatersLoadStatus = "idle" | "loading" | "ready" | "failed";

export interface FavouriteTheatersError {
  /** The spec §8 fallback, used when the provider code has no catalogue wording. */
  readonly messageId: Extract<
    FavouritesMessageId,
    "favourites.theaters.error.action" | "favourites.theaters.error.load"
  >;
  readonly failure: LoyaltyFailure;
}

/** What useFavouriteTheaters() answers (FavouriteTheatersProvider.tsx). */
export interface FavouriteTheatersValue {
  /** A version 3 member is signed in. */
  readonly available: boolean;
  /** idle when unavailable. */
  readonly status: FavouriteTheatersLoadStatus;
  /** Spec §4 "Loading flag": a request is running. */
  readonly loading: boolean;
  readonly theaters: readonly FavouriteTheater[];
  isFavourite(theaterId: string): boolean;
  /** The stored spec §8 message (provider refusals only; other failures are logged). */
  readonly error: FavouriteTheatersError | null;
  /** Adds with the newsletter on (spec §5), then refreshes the member. */
  addTheater(theaterId: string): Promise<FavouritesOutcome>;
  /** Removes, then refreshes the member. */
  removeTheater(theaterId: string): Promise<FavouritesOutcome>;
  /** Spec §7 "Update subscription" for the given entries; the member is not refreshed. */
  updateNewsletter(entries: readonly FavouriteTheater[]): Promise<FavouritesOutcome>;
  /** One theater's newsletter switch. */
  setNewsletter(theaterId: string, newsletter: boolean): Promise<FavouritesOutcome>;
  dismissError(): void;
}

export interface FavouriteTheatersState {
  readonly status: FavouriteTheatersLoadStatus;
  readonly theaters: readonly FavouriteTheater[];
  /** Requests awaited, by id; the loading flag is "any awaited". */
  readonly inFlight: readonly number[];
  /** The request whose answer `theaters` is (-1: none yet). */
  readonly listRequest: number;
  readonly error: FavouriteTheatersError | null;
}

export type FavouriteTheatersAction =
  | { readonly type: "loadStarted"; readonly request: number }
  | { readonly type: "loaded"; readonly request: number; readonly theaters: readonly FavouriteTheater[] }
  | { readonly type: "loadFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | { readonly type: "changeStarted"; readonly request: number; readonly change: FavouriteTheatersChange }
  | { readonly type: "theaterAdded"; readonly request: number; readonly theaters: readonly FavouriteTheater[] }
  | { readonly type: "theaterRemoved"; readonly request: number; readonly theaters: readonly FavouriteTheater[] }
  | { readonly type: "newsletterUpdated"; readonly request: number; readonly theaters: readonly FavouriteTheater[] }
  | { readonly type: "changeFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | { readonly type: "errorDismissed" }
  | { readonly type: "sessionEnded" };

export const initialFavouriteTheatersState: FavouriteTheatersState = {
  status: "idle",
  theaters: [],
  inFlight: [],
  listRequest: -1,
  error: null,
};

/** Spec §4: adding or removing a favourite refreshes the member session; a newsletter update does not. */
export function refreshesMember(action: FavouriteTheatersAction): boolean {
  return action.type === "theaterAdded" || action.type === "theaterRemoved";
}

export function isLoading(state: FavouriteTheatersState): boolean {
  return state.inFlight.length > 0;
}

/** Only a provider answer has a message of its own; other failures are logged, not shown (spec §8). */
function errorOf(
  failure: LoyaltyFailure,
  messageId: FavouriteTheatersError["messageId"],
  previous: FavouriteTheatersError | null,
): FavouriteTheatersError | null {
  return failure.kind === "provider" ? { messageId, failure } : previous;
}

function finished(state: FavouriteTheatersState, request: number): readonly number[] | null {
  return state.inFlight.includes(request) ? state.inFlight.filter((id) => id !== request) : null;
}

export function favouriteTheatersReducer(
  state: FavouriteTheatersState,
  action: FavouriteTheatersAction,
): FavouriteTheatersState {
  switch (action.type) {
    case "loadStarted":
      return { ...state, status: "loading", inFlight: [...state.inFlight, action.request], error: null };
    case "changeStarted":
      return { ...state, inFlight: [...state.inFlight, action.request], error: null };
    case "loaded":
    case "theaterAdded":
    case "theaterRemoved":
    case "newsletterUpdated": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      // A change that succeeds also tells us the list: the page has it even if its load failed.
      if (action.request < state.listRequest) return { ...state, status: "ready", inFlight };
      return { ...state, status: "ready", theaters: action.theaters, listRequest: action.request, inFlight };
    }
    case "loadFailed": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      return {
        ...state,
        status: "failed",
        inFlight,
        error: errorOf(action.failure, "favourites.theaters.error.load", state.error),
      };
    }
    case "changeFailed": {
      const inFlight = finished(state, action.request);
      if (!inFlight) return state;
      return { ...state, inFlight, error: errorOf(action.failure, "favourites.theaters.error.action", state.error) };
    }
    case "errorDismissed":
      return state.error ? { ...state, error: null } : state;
    case "sessionEnded":
      return initialFavouriteTheatersState;
  }
}

export const reduceFavouriteTheaters = replayWith(favouriteTheatersReducer, initialFavouriteTheatersState);

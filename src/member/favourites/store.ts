// The skeleton both favourites stores are built on (watchlist-store.ts, favourite-theaters-store.ts):
// a reducer held outside React, the member's current session (v3 rotates the token), increasing
// request ids, the list loaded on creation, and end() for a member who signs out; and the slot
// that holds the signed-in member's store for a provider (useMemberStore.ts), which reads it with
// useSyncExternalStore. What differs is each list's reducer, its changes, and which failures spec
// §8 has logged. Loaded lazily with the stores, so it may import freely.
import { changeListeners } from "../../lib/change-listeners";
import type { FavouritesSession } from "../provider/api/favourites";
import type { LoyaltyFailure, LoyaltyResult } from "../types";
import { favouritesSessionOf, type FavouritesOutcome } from "./availability";
import type { MemberSource, MemberStoreView, StoreSlot } from "./useMemberStore";

/** A member's list store, as the skeleton makes it. */
export interface MemberStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  /** The same member with a refreshed token (v3 rotates it): later calls use it, the list is kept. */
  renewSession(session: FavouritesSession): void;
  dismissError(): void;
  /** The member signed out or changed: the list empties and answers still on their way are ignored. */
  end(): void;
}

/** The actions every list's reducer takes besides its own. */
export type SkeletonAction =
  | { readonly type: "loadStarted"; readonly request: number }
  | { readonly type: "loadFailed"; readonly request: number; readonly failure: LoyaltyFailure }
  | { readonly type: "errorDismissed" }
  | { readonly type: "sessionEnded" };

export interface MemberListSpec<S, A, L> {
  /** How the console names the list: "Watchlist", "Favourite theaters". */
  readonly name: string;
  /** Takes the skeleton's actions too: the list's action type includes SkeletonAction. */
  readonly reducer: (state: S, action: A | SkeletonAction) => S;
  readonly initial: S;
  /** The list's load call, and the action its answer becomes. */
  readonly fetchList: (session: FavouritesSession) => Promise<LoyaltyResult<L>>;
  readonly loaded: (request: number, list: L) => A;
  /** Spec §8 as it applies to this list: is this failure written to the console? */
  readonly logged: (failure: LoyaltyFailure) => boolean;
  readonly warn?: ((message: string) => void) | undefined;
}

/** One call of a member's list, as actions: started, then done or failed. */
export interface ListRequest<A, T> {
  started(request: number): A | SkeletonAction;
  call(session: FavouritesSession): Promise<LoyaltyResult<T>>;
  done(request: number, value: T): A;
  failed(request: number, failure: LoyaltyFailure): A | SkeletonAction;
  /** How the log names a failure: "the list could not be loaded", "add failed". */
  readonly failure: string;
}

export interface MemberListStore<S, A> extends MemberStore<S> {
  /**
   * Runs one request with the member's current session: "done" once its answer is in the state,
   * "failed" once the failure is (and logged, when spec §8 says so), "ignored" when the store has
   * ended before or meanwhile (a late answer never reaches the state).
   */
  request<T>(steps: ListRequest<A, T>, after?: (done: A) => void): Promise<FavouritesOutcome>;
}

/** For the console: "provider 72", "proxy upstream_timeout", "network". */
export function describeFailure(failure: LoyaltyFailure): string {
  return failure.kind === "provider" || failure.kind === "proxy" ? `${failure.kind} ${failure.code}` : failure.kind;
}

/** A member's list: created for one member, loads at once. */
export function createMemberListStore<S, A, L>(
  spec: MemberListSpec<S, A, L>,
  session: FavouritesSession,
): MemberListStore<S, A> {
  const warn = spec.warn ?? ((message: string) => console.warn(message));
  const listeners = changeListeners();
  let state = spec.initial;
  let current = session;
  let ended = false;
  let nextRequest = 0;

  function dispatch(action: A | SkeletonAction): void {
    const next = spec.reducer(state, action);
    if (next === state) return;
    state = next;
    listeners.notify();
  }

  async function request<T>(steps: ListRequest<A, T>, after?: (done: A) => void): Promise<FavouritesOutcome> {
    if (ended) return "ignored";
    const id = ++nextRequest;
    dispatch(steps.started(id));
    const result = await steps.call(current);
    if (ended) return "ignored";
    if (!result.ok) {
      if (spec.logged(result.failure)) warn(`${spec.name}: ${steps.failure} (${describeFailure(result.failure)})`);
      dispatch(steps.failed(id, result.failure));
      return "failed";
    }
    const done = steps.done(id, result.value);
    dispatch(done);
    after?.(done);
    return "done";
  }

  void request<L>({
    started: (id) => ({ type: "loadStarted", request: id }),
    call: spec.fetchList,
    done: spec.loaded,
    failed: (id, failure) => ({ type: "loadFailed", request: id, failure }),
    failure: "the list could not be loaded",
  });

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    renewSession(next) {
      current = next;
    },
    dismissError: () => dispatch({ type: "errorDismissed" }),
    end() {
      ended = true;
      dispatch({ type: "sessionEnded" });
    },
    request,
  };
}

/** Holds the signed-in member's store, made by `make`, and what the provider reads of it. */
export function createStoreSlot<V>(make: (session: FavouritesSession) => MemberSource<V>): StoreSlot<V> {
  const listeners = changeListeners();
  let view: MemberStoreView<V> = null;
  let current: { readonly owner: string; readonly source: MemberSource<V> } | null = null;

  function publish(next: MemberStoreView<V>): void {
    view = next;
    listeners.notify();
  }

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => view,
    sync(owner, member) {
      const session = favouritesSessionOf(member);
      if (current && session && current.owner === owner) {
        current.source.renewSession(session);
        return;
      }
      const previous = current;
      current = null;
      previous?.source.end();
      if (owner === null || !session) {
        if (previous) publish(null);
        return;
      }
      const mine = { owner, source: make(session) };
      current = mine;
      // The ended store's last change (emptied) is not shown: only the current member's is.
      const show = () => {
        if (current === mine) publish({ owner, value: mine.source.read() });
      };
      mine.source.subscribe(show);
      show();
    },
  };
}

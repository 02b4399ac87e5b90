// A reducer held outside React, for the lazily loaded favourites stores: the page-level providers
// read it with useSyncExternalStore, so the reducers and the calls stay out of the first load.
import type { LoyaltyFailure } from "../loyalty/session/types";

export interface ReducerStore<S, A> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  dispatch(action: A): void;
}

export function createReducerStore<S, A>(reducer: (state: S, action: A) => S, initial: S): ReducerStore<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** For the console: "provider 72", "proxy upstream_timeout", "network". */
export function describeFailure(failure: LoyaltyFailure): string {
  return failure.kind === "provider" || failure.kind === "proxy" ? `${failure.kind} ${failure.code}` : failure.kind;
}

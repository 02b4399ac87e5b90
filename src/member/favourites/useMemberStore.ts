// How a favourites provider gets its member's store, the one lazy mechanism of src/member/favourites/:
// once a v3 member is signed in, the store's code is loaded (on first use, by the shared loader of
// src/lib/lazy.ts) and answers a slot that makes one store per member (store.ts); the
// provider reads it with useSyncExternalStore. A guest loads nothing. This module is on the film
// page's first load, so it holds only this hook and the shapes it reads.
import { useEffect, useState, useSyncExternalStore } from "react";
import type { FavouritesSession } from "../provider/api/favourites";
import type { MemberSession } from "../types";

/** The value read from a member's store, and whose it is; null when there is no store. */
export type MemberStoreView<V> = { readonly owner: string; readonly value: V } | null;

/** One member's store, as its provider reads it (watchlistSource, favouriteTheatersSource). */
export interface MemberSource<V> {
  subscribe(listener: () => void): () => void;
  /** The provider's value for the state now; asked once per change. */
  read(): V;
  /** The same member with a refreshed token (v3 rotates it): later calls use it, the list is kept. */
  renewSession(session: FavouritesSession): void;
  /** The member signed out or changed: answers still on their way are ignored. */
  end(): void;
}

/** Holds the store of the member signed in now (createStoreSlot in store.ts). */
export interface StoreSlot<V> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): MemberStoreView<V>;
  /**
   * The member now (owner null: none). The same member keeps their store and gets the newest
   * token; another member gets a new store, and the previous one is ended.
   */
  sync(owner: string | null, session?: MemberSession | null): void;
}

const none = () => null;
const noSubscription = () => none;

/**
 * The value of the store of `owner` (favouritesOwnerOf: null for guests and version 1 sessions), whose session
 * is `session`. `load` answers a slot once the store's code is in; it keeps its identity while it
 * means the same (useCallback). Code that failed to load is tried again at the next sign-in.
 */
export function useMemberStore<V>(
  name: string,
  owner: string | null,
  session: MemberSession | null,
  load: () => Promise<StoreSlot<V>>,
): { readonly value: V | null; readonly unloadable: boolean } {
  // The slot `load` answered (or the member it failed to load for); another `load` starts again.
  const [held, setHeld] = useState<{
    readonly load: typeof load;
    readonly slot?: StoreSlot<V>;
    readonly failedFor?: string;
  } | null>(null);
  const slot = held && held.load === load ? held.slot : undefined;

  useEffect(() => {
    // The member's store ends with the member (another signs in, or none), the slot, or the page.
    if (slot) return () => slot.sync(null);
    if (owner === null) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setHeld({ load, slot: loaded });
      },
      () => {
        if (!live) return;
        console.warn(`${name}: the code could not be loaded`);
        setHeld({ load, failedFor: owner });
      },
    );
    return () => {
      live = false;
    };
  }, [name, owner, slot, load]);
  // A refreshed token goes to the member's store; a new member gets one.
  useEffect(() => {
    if (slot) slot.sync(owner, session);
  }, [slot, owner, session]);

  const view = useSyncExternalStore(slot ? slot.subscribe : noSubscription, slot ? slot.getSnapshot : none, none);
  return {
    // Until the effects have caught up, another member's store is not read, not even for one render.
    value: view && view.owner === owner ? view.value : null,
    // The code could not be loaded (offline, a deploy in between): the provider says the list failed.
    unloadable: !!held && held.failedFor === owner,
  };
}

// The member half of a favourites provider, loaded lazily: it owns one member's store (created on
// mount, ended on unmount), hands it refreshed tokens, and reports the value the page reads to the
// always-present provider, which renders it as a sibling of the page (so the page never remounts).
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { FavouritesSession } from "../loyalty/api/favourites";

export interface MemberStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  /** The same member with a refreshed token (v3 rotates it): later calls use it, the list is kept. */
  renewSession(session: FavouritesSession): void;
  /** The member signed out or changed: answers still on their way are ignored. */
  end(): void;
}

export interface EngineProps<V> {
  readonly session: FavouritesSession;
  /** Receives the value while mounted, then null. */
  readonly onValue: (value: V | null) => void;
}

const noSubscription = () => () => undefined;
const noState = () => null;

export function StoreEngine<S, T extends MemberStore<S>, V>({
  session,
  onValue,
  create,
  toValue,
}: EngineProps<V> & {
  readonly create: (session: FavouritesSession) => T;
  readonly toValue: (state: S, store: T) => V;
}) {
  const [store, setStore] = useState<T | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const toValueRef = useRef(toValue);
  toValueRef.current = toValue;

  // `create` changes only with the loyalty client; the member is fixed (the provider keys this by member).
  useEffect(() => {
    const created = create(sessionRef.current);
    setStore(created);
    return () => {
      created.end();
      setStore(null);
    };
  }, [create]);

  const token = session.token;
  useEffect(() => {
    store?.renewSession({ token, cypherVersion: 3 });
  }, [store, token]);

  const state = useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    store ? store.getState : noState,
    noState,
  );

  useEffect(() => {
    onValue(store && state !== null ? toValueRef.current(state, store) : null);
  }, [store, state, onValue]);
  useEffect(() => () => onValue(null), [onValue]);

  return null;
}

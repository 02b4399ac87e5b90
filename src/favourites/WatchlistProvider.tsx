// Spec §4 "Favourite films (watchlist)" for the whole page: one list, loaded once per member, that
// every film card and the film page's button read. It needs <LoyaltyProvider> above it.
//
// This module is on the film page's first load, so it holds only the availability rules and the
// context. The member half (WatchlistEngine: the store, the reducer, the calls and zod) is fetched
// once a v3 member is signed in on a site with the watchlist; a guest never loads it.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useMemberSession } from "../loyalty/LoyaltyProvider";
import { favouritesOwnerOf, favouritesSessionOf, type FavouritesOutcome } from "./availability";
import { loadWatchlistEngine } from "./lazy-api";
import { useLazyEngine } from "./useLazyEngine";
import type { WatchlistError, WatchlistFilm } from "./watchlist";

export type { FavouritesOutcome } from "./availability";
export type { WatchlistError, WatchlistFilm } from "./watchlist";

/**
 * - disabled: the site has no watchlist (includeWatchlist off, a version 1 loyalty provider or session);
 * - restoring: the stored session is not read yet (always so in the server render);
 * - guest: no member signed in (the page may invite them to sign in);
 * - loading, ready: the member's list; failed: it could not be loaded (shown as empty).
 */
export type WatchlistStatus = "disabled" | "restoring" | "guest" | "loading" | "ready" | "failed";

export interface WatchlistValue {
  /** A member may use the watchlist here: includeWatchlist and a version 3 session. */
  readonly available: boolean;
  readonly status: WatchlistStatus;
  /** Film ids as the server lists them (empty for guests). */
  readonly films: readonly string[];
  isInWatchlist(film: WatchlistFilm | string): boolean;
  /** An add or remove of this film is awaiting its answer. */
  pending(film: WatchlistFilm | string): boolean;
  /** The last failed add or remove (any kind, so the button can say why); null otherwise. */
  readonly error: WatchlistError | null;
  /** Adds the film when it is not listed, removes it when it is; "ignored" until the list is known. */
  toggle(film: WatchlistFilm): Promise<FavouritesOutcome>;
  dismissError(): void;
}

const WatchlistContext = createContext<WatchlistValue | null>(null);

export function useWatchlist(): WatchlistValue {
  const value = useContext(WatchlistContext);
  if (!value) throw new Error("useWatchlist must be used inside <WatchlistProvider>");
  return value;
}

const NO_FILMS: readonly string[] = [];
const no = () => false;
const ignored = () => Promise.resolve<FavouritesOutcome>("ignored");

export function WatchlistProvider({ children }: { readonly children: ReactNode }) {
  const { session, config, client, ready } = useMemberSession();
  const enabled = config.includeWatchlist && config.version === 3;
  const favouritesSession = enabled ? favouritesSessionOf(session) : null;
  const owner = enabled ? favouritesOwnerOf(session) : null;
  const { engine, unloadable } = useLazyEngine(owner !== null, loadWatchlistEngine, "Watchlist");

  // The engine's value, tagged with its member so another member never sees it, not even for a render.
  const [live, setLive] = useState<{ readonly owner: string; readonly value: WatchlistValue } | null>(null);
  const onValue = useCallback(
    (value: WatchlistValue | null) => setLive(value && owner !== null ? { owner, value } : null),
    [owner],
  );

  const available = favouritesSession !== null;
  const status: WatchlistStatus = !enabled
    ? "disabled"
    : !ready
      ? "restoring"
      : session === null
        ? "guest"
        : !available
          ? "disabled" // a version 1 session on a version 3 site: there is nothing to sign in to
          : unloadable
            ? "failed"
            : "loading";
  const waiting = useMemo<WatchlistValue>(
    () => ({
      available,
      status,
      films: NO_FILMS,
      isInWatchlist: no,
      pending: no,
      error: null,
      toggle: ignored,
      dismissError: () => undefined,
    }),
    [available, status],
  );

  return (
    <WatchlistContext.Provider value={live && live.owner === owner ? live.value : waiting}>
      {engine && favouritesSession && owner !== null ? (
        <engine.WatchlistEngine key={owner} client={client} session={favouritesSession} onValue={onValue} />
      ) : null}
      {children}
    </WatchlistContext.Provider>
  );
}

// Spec §4 "Favourite films (watchlist)" for the whole page: one list, loaded once per member, that
// every film card and the film page's button read. It needs <LoyaltyProvider> above it.
//
// This module is on the film page's first load, so it holds only the availability rules and the
// context. The store (watchlist-store.ts: the reducer, the calls and zod) is fetched once a v3
// member is signed in on a site with the watchlist (useMemberStore); a guest never loads it.
import { useCallback, useMemo, type ReactNode } from "react";
import { requiredContext } from "../../lib/required-context";
import { loadOnce } from "../../lib/lazy";
import { useMemberSession } from "../session/LoyaltyProvider";
import { favouritesOwnerOf, type FavouritesOutcome } from "./availability";
import { useMemberStore } from "./useMemberStore";
import type { WatchlistStatus, WatchlistValue } from "./watchlist";

export type { FavouritesOutcome } from "./availability";
export type { WatchlistError, WatchlistFilm, WatchlistStatus, WatchlistValue } from "./watchlist";

const [WatchlistContext, useWatchlist] = requiredContext<WatchlistValue>("useWatchlist", "WatchlistProvider");
export { useWatchlist };

/** The store's code, fetched the first time a member's watchlist is needed (again after a failure). */
export const loadWatchlistStore = /* @__PURE__ */ loadOnce(() => import("./watchlist-store"));

const NO_FILMS: readonly string[] = [];
const no = () => false;
const ignored = () => Promise.resolve<FavouritesOutcome>("ignored");

export function WatchlistProvider({ children }: { readonly children: ReactNode }) {
  const { session, config, client, ready } = useMemberSession();
  const enabled = config.includeWatchlist && config.version === 3;
  // Null for guests and version 1 sessions: favourites need a version 3 session (availability.ts).
  const owner = enabled ? favouritesOwnerOf(session) : null;
  const load = useCallback(() => loadWatchlistStore().then((module) => module.watchlistSlot(client)), [client]);
  const member = useMemberStore("Watchlist", owner, session, load);

  const available = owner !== null;
  const status: WatchlistStatus = !enabled
    ? "disabled"
    : !ready
      ? "restoring"
      : session === null
        ? "guest"
        : !available
          ? "disabled" // a version 1 session on a version 3 site: there is nothing to sign in to
          : member.unloadable
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

  return <WatchlistContext.Provider value={member.value || waiting}>{children}</WatchlistContext.Provider>;
}

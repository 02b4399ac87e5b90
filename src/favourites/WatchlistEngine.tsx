// The member half of <WatchlistProvider> (lazily loaded): one member's watchlist store, reported
// to the provider as the value useWatchlist() answers.
import { useCallback } from "react";
import type { FavouritesSession } from "../loyalty/api/favourites";
import type { LoyaltyClient } from "../loyalty/client";
import { StoreEngine, type EngineProps } from "./StoreEngine";
import { isListed, watchlistIdOf, type WatchlistState } from "./watchlist";
import { createWatchlistStore, type WatchlistStore } from "./watchlist-store";
import type { WatchlistValue } from "./WatchlistProvider";

function valueOf(state: WatchlistState, store: WatchlistStore): WatchlistValue {
  return {
    available: true,
    status: state.status === "idle" ? "loading" : state.status,
    films: state.films,
    isInWatchlist: (film) => isListed(state.films, film),
    pending: (film) => state.pending.has(typeof film === "string" ? film : watchlistIdOf(film)),
    error: state.error,
    toggle: store.toggle,
    dismissError: store.dismissError,
  };
}

export function WatchlistEngine({
  client,
  ...props
}: EngineProps<WatchlistValue> & { readonly client: LoyaltyClient }) {
  const create = useCallback((session: FavouritesSession) => createWatchlistStore(client, session), [client]);
  return <StoreEngine<WatchlistState, WatchlistStore, WatchlistValue> {...props} create={create} toValue={valueOf} />;
}

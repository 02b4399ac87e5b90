// Spec §4 "Favourite theatres" for a page that shows them (theatre pages, the account): the list
// is loaded once per member, every change answers the server's new list, and adding or removing
// a favourite refreshes the member session. Guests and version 1 sessions get an empty list and
// no calls (spec §4 "Availability"). Needs <LoyaltyProvider> above it. As with the watchlist, the
// member half (FavouriteTheatresEngine: store, reducer, calls) is fetched once a v3 member is signed in.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { FavouriteTheatre } from "../loyalty/api/favourites";
import { useMemberSession } from "../loyalty/LoyaltyProvider";
import { favouritesOwnerOf, favouritesSessionOf, type FavouritesOutcome } from "./availability";
import type { FavouriteTheatresError, FavouriteTheatresLoadStatus } from "./favourite-theatres";
import { loadFavouriteTheatresEngine } from "./lazy-api";
import { useLazyEngine } from "./useLazyEngine";

export type { FavouritesOutcome } from "./availability";
export type { FavouriteTheatre, FavouriteTheatresError } from "./favourite-theatres";

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

const FavouriteTheatresContext = createContext<FavouriteTheatresValue | null>(null);

export function useFavouriteTheatres(): FavouriteTheatresValue {
  const value = useContext(FavouriteTheatresContext);
  if (!value) throw new Error("useFavouriteTheatres must be used inside <FavouriteTheatresProvider>");
  return value;
}

const NO_THEATRES: readonly FavouriteTheatre[] = [];
const ignored = () => Promise.resolve<FavouritesOutcome>("ignored");

export function FavouriteTheatresProvider({ children }: { readonly children: ReactNode }) {
  const { session, client, refreshMember } = useMemberSession();
  const favouritesSession = favouritesSessionOf(session);
  const owner = favouritesOwnerOf(session);
  const { engine, unloadable } = useLazyEngine(owner !== null, loadFavouriteTheatresEngine, "Favourite theatres");

  // refreshMember changes identity with the session; the store is made once per member.
  const refreshRef = useRef(refreshMember);
  refreshRef.current = refreshMember;
  const refresh = useCallback(() => {
    void refreshRef.current();
  }, []);

  const [live, setLive] = useState<{ readonly owner: string; readonly value: FavouriteTheatresValue } | null>(null);
  const onValue = useCallback(
    (value: FavouriteTheatresValue | null) => setLive(value && owner !== null ? { owner, value } : null),
    [owner],
  );

  const available = favouritesSession !== null;
  const waiting = useMemo<FavouriteTheatresValue>(
    () => ({
      available,
      status: !available ? "idle" : unloadable ? "failed" : "loading",
      // Until the member half has arrived, its first load is as good as running.
      loading: available && !unloadable,
      theatres: NO_THEATRES,
      isFavourite: () => false,
      error: null,
      addTheatre: ignored,
      removeTheatre: ignored,
      updateNewsletter: ignored,
      setNewsletter: ignored,
      dismissError: () => undefined,
    }),
    [available, unloadable],
  );

  return (
    <FavouriteTheatresContext.Provider value={live && live.owner === owner ? live.value : waiting}>
      {engine && favouritesSession && owner !== null ? (
        <engine.FavouriteTheatresEngine
          key={owner}
          client={client}
          refreshMember={refresh}
          session={favouritesSession}
          onValue={onValue}
        />
      ) : null}
      {children}
    </FavouriteTheatresContext.Provider>
  );
}

// Spec §4 "Favourite theatres" for a page that shows them (theatre pages, the account): the list
// is loaded once per member, every change answers the server's new list, and adding or removing
// a favourite refreshes the member session. Guests and version 1 sessions get an empty list and
// no calls (spec §4 "Availability"). Needs <LoyaltyProvider> above it. As with the watchlist, the
// store (favourite-theatres-store.ts: reducer, calls) is fetched once a v3 member is signed in.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import type { FavouriteTheatre } from "../loyalty/api/favourites";
import { loadOnce } from "../lib/lazy";
import { useMemberSession } from "../loyalty/LoyaltyProvider";
import { favouritesOwnerOf, type FavouritesOutcome } from "./availability";
import type { FavouriteTheatresValue } from "./favourite-theatres";
import { useMemberStore } from "./useMemberStore";

export type { FavouritesOutcome } from "./availability";
export type { FavouriteTheatre, FavouriteTheatresError, FavouriteTheatresValue } from "./favourite-theatres";

const FavouriteTheatresContext = createContext<FavouriteTheatresValue | null>(null);

export function useFavouriteTheatres(): FavouriteTheatresValue {
  const value = useContext(FavouriteTheatresContext);
  if (!value) throw new Error("useFavouriteTheatres must be used inside <FavouriteTheatresProvider>");
  return value;
}

/** The store's code, fetched the first time a member's favourite theatres are needed (again after a failure). */
export const loadFavouriteTheatresStore = /* @__PURE__ */ loadOnce(() => import("./favourite-theatres-store"));

const NO_THEATRES: readonly FavouriteTheatre[] = [];
const ignored = () => Promise.resolve<FavouritesOutcome>("ignored");

export function FavouriteTheatresProvider({ children }: { readonly children: ReactNode }) {
  const { session, client, refreshMember } = useMemberSession();
  // Null for guests and version 1 sessions: favourites need a version 3 session (availability.ts).
  const owner = favouritesOwnerOf(session);
  const load = useCallback(
    () =>
      loadFavouriteTheatresStore().then((module) =>
        module.favouriteTheatresSlot(client, { refreshMember: () => void refreshMember() }),
      ),
    [client, refreshMember],
  );
  const member = useMemberStore("Favourite theatres", owner, session, load);

  const available = owner !== null;
  const { unloadable } = member;
  const waiting = useMemo<FavouriteTheatresValue>(
    () => ({
      available,
      status: !available ? "idle" : unloadable ? "failed" : "loading",
      // Until the store has arrived, its first load is as good as running.
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
    <FavouriteTheatresContext.Provider value={member.value || waiting}>{children}</FavouriteTheatresContext.Provider>
  );
}

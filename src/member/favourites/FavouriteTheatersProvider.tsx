// Spec §4 "Favourite theaters" for a page that shows them (theater pages, the account): the list
// is loaded once per member, every change answers the server's new list, and adding or removing
// a favourite refreshes the member session. Guests and version 1 sessions get an empty list and
// no calls (spec §4 "Availability"). Needs <LoyaltyProvider> above it. As with the watchlist, the
// store (favourite-theaters-store.ts: reducer, calls) is fetched once a v3 member is signed in.
import { useCallback, useMemo, type ReactNode } from "react";
import { requiredContext } from "../../lib/required-context";
import type { FavouriteTheater } from "../provider/api/favourites";
import { loadOnce } from "../../lib/lazy";
import { useMemberSession } from "../session/LoyaltyProvider";
import { favouritesOwnerOf, type FavouritesOutcome } from "./availability";
import type { FavouriteTheatersValue } from "./favourite-theaters";
import { useMemberStore } from "./useMemberStore";

export type { FavouritesOutcome } from "./availability";
export type { FavouriteTheater, FavouriteTheatersError, FavouriteTheatersValue } from "./favourite-theaters";

const [FavouriteTheatersContext, useFavouriteTheaters] = requiredContext<FavouriteTheatersValue>(
  "useFavouriteTheaters",
  "FavouriteTheatersProvider",
);
export { useFavouriteTheaters };

/** The store's code, fetched the first time a member's favourite theaters are needed (again after a failure). */
export const loadFavouriteTheatersStore = /* @__PURE__ */ loadOnce(() => import("./favourite-theaters-store"));

const NO_THEATERS: readonly FavouriteTheater[] = [];
const ignored = () => Promise.resolve<FavouritesOutcome>("ignored");

export function FavouriteTheatersProvider({ children }: { readonly children: ReactNode }) {
  const { session, client, refreshMember } = useMemberSession();
  // Null for guests and version 1 sessions: favourites need a version 3 session (availability.ts).
  const owner = favouritesOwnerOf(session);
  const load = useCallback(
    () =>
      loadFavouriteTheatersStore().then((module) =>
        module.favouriteTheatersSlot(client, { refreshMember: () => void refreshMember() }),
      ),
    [client, refreshMember],
  );
  const member = useMemberStore("Favourite theaters", owner, session, load);

  const available = owner !== null;
  const { unloadable } = member;
  const waiting = useMemo<FavouriteTheatersValue>(
    () => ({
      available,
      status: !available ? "idle" : unloadable ? "failed" : "loading",
      // Until the store has arrived, its first load is as good as running.
      loading: available && !unloadable,
      theaters: NO_THEATERS,
      isFavourite: () => false,
      error: null,
      addTheater: ignored,
      removeTheater: ignored,
      updateNewsletter: ignored,
      setNewsletter: ignored,
      dismissError: () => undefined,
    }),
    [available, unloadable],
  );

  return (
    <FavouriteTheatersContext.Provider value={member.value || waiting}>{children}</FavouriteTheatersContext.Provider>
  );
}

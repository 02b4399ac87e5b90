// The member half of <FavouriteTheatresProvider> (lazily loaded): one member's favourite-theatres
// store, reported to the provider as the value useFavouriteTheatres() answers.
import { useCallback } from "react";
import type { FavouritesSession } from "../loyalty/api/favourites";
import type { LoyaltyClient } from "../loyalty/client";
import { isLoading, type FavouriteTheatresState } from "./favourite-theatres";
import { createFavouriteTheatresStore, type FavouriteTheatresStore } from "./favourite-theatres-store";
import type { FavouriteTheatresValue } from "./FavouriteTheatresProvider";
import { StoreEngine, type EngineProps } from "./StoreEngine";

function valueOf(state: FavouriteTheatresState, store: FavouriteTheatresStore): FavouriteTheatresValue {
  return {
    available: true,
    status: state.status === "idle" ? "loading" : state.status,
    loading: isLoading(state),
    theatres: state.theatres,
    isFavourite: (theatreId) => state.theatres.some((theatre) => theatre.theatreId === theatreId),
    error: state.error,
    addTheatre: store.addTheatre,
    removeTheatre: store.removeTheatre,
    updateNewsletter: store.updateNewsletter,
    setNewsletter: (theatreId, newsletter) => store.updateNewsletter([{ theatreId, newsletter }]),
    dismissError: store.dismissError,
  };
}

export function FavouriteTheatresEngine({
  client,
  refreshMember,
  ...props
}: EngineProps<FavouriteTheatresValue> & { readonly client: LoyaltyClient; readonly refreshMember: () => void }) {
  const create = useCallback(
    (session: FavouritesSession) => createFavouriteTheatresStore(client, session, { refreshMember }),
    [client, refreshMember],
  );
  return (
    <StoreEngine<FavouriteTheatresState, FavouriteTheatresStore, FavouriteTheatresValue>
      {...props}
      create={create}
      toValue={valueOf}
    />
  );
}

// Spec §8 wording for a favourites failure: the provider code through the loyalty catalogue
// (72: "This movie can't be added to your watchlist yet (Code: 72)"), else the favourites
// fallback the reducer stored ("An error has occured." for a favourite-theater action...).
import { useCallback } from "react";
import { useIntl } from "react-intl";
import { useFailureMessage } from "../sign-in/useFailureMessage";
import type { LoyaltyFailure } from "../types";
import type { FavouritesMessageId } from "./i18n/en-US";

export interface FavouritesFailureNotice {
  readonly messageId: FavouritesMessageId;
  readonly failure: LoyaltyFailure;
}

/** Turns a WatchlistError or FavouriteTheatersError into the sentence the member reads. */
export function useFavouritesMessage(): (notice: FavouritesFailureNotice) => string {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  return useCallback(
    (notice) => failureMessage(notice.failure, intl.formatMessage({ id: notice.messageId })),
    [intl, failureMessage],
  );
}

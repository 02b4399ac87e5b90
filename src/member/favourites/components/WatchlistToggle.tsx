// Issue 6: one accessible toggle per film (film page and film cards). Its name stays the same
// ("My watchlist: {title}") and aria-pressed says whether the film is listed, so a screen reader
// announces the change. A guest gets an invitation that opens the sign-in dialog.
import { useId } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { toggleButtonCss } from "../../../components/toggle-button";
import { useMemberSession } from "../../session/LoyaltyProvider";
import { useFavouritesMessage } from "../useFavouritesMessage";
import { useWatchlist } from "../WatchlistProvider";

// The slot is as tall as the button from the server render on, so the button appearing after
// hydration (once the stored session is known) moves nothing.
const Slot = styled.div`
  min-height: 44px;
  margin: 0.5rem 0;
  /* A flex column: the button sits in no line box, so the slot is exactly as tall as it. */
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  ${toggleButtonCss()}
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    padding: 0.4rem 0.9rem;
  }
  button[aria-busy="true"] {
    cursor: progress;
    opacity: 0.75;
  }
  p {
    margin: 0.4rem 0 0;
    font-size: 0.9rem;
  }
`;

export function WatchlistToggle({ filmId, title }: { filmId: number | string; title: string }) {
  const intl = useIntl();
  const errorId = useId();
  const { config, loginDialog } = useMemberSession();
  const watchlist = useWatchlist();
  const message = useFavouritesMessage();
  // Known at build: sites without the watchlist render no slot at all.
  if (!config.includeWatchlist || config.version !== 3) return null;

  const film = { externalFilmId: String(filmId), boxofficeId: null };
  const { status } = watchlist;
  if (status === "disabled" || status === "restoring") return <Slot />;
  if (status === "guest") {
    return (
      <Slot>
        {/* Looks like the member's toggle (same short text, so the same size in every font); its
            name says a press opens the sign-in dialog. */}
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={intl.formatMessage({ id: "favourites.watchlist.guestNamed" }, { title })}
          onClick={loginDialog.show}
        >
          <span aria-hidden="true">☆</span>
          {intl.formatMessage({ id: "favourites.watchlist.title" })}
        </button>
      </Slot>
    );
  }

  const listed = watchlist.isInWatchlist(film);
  const busy = status === "loading" || watchlist.pending(film);
  const error = watchlist.error && watchlist.error.filmId === film.externalFilmId ? watchlist.error : null;
  return (
    <Slot>
      <button
        type="button"
        aria-pressed={listed}
        aria-busy={busy}
        // Until the member's list is known a press would mean nothing: say so rather than ignore it.
        aria-disabled={status === "loading" || status === "failed" ? true : undefined}
        aria-label={intl.formatMessage({ id: "favourites.watchlist.toggleNamed" }, { title })}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          // aria-busy rather than disabled: the button keeps keyboard focus while the call runs.
          if (!busy) void watchlist.toggle(film);
        }}
      >
        <span aria-hidden="true">{listed ? "★" : "☆"}</span>
        {intl.formatMessage({ id: "favourites.watchlist.title" })}
      </button>
      {error && (
        <p id={errorId} role="alert">
          {message(error)}
        </p>
      )}
    </Slot>
  );
}

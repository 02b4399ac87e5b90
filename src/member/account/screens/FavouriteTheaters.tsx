// Favourite cinemas (issue 6, spec §4 "Favourite theaters"; cypherVersion 3 only, which the
// section checks before showing this screen). Every theater of the site can be added or removed;
// a favourite has its own newsletter switch. The list shown is always the provider's last answer.
import { useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { offsetCardCss } from "../../../components/card";
import { CheckboxField, FormAlert } from "../../../components/forms/fields";
import { toggleButtonCss } from "../../../components/toggle-button";
import { FavouriteTheatersProvider, useFavouriteTheaters } from "../../favourites/FavouriteTheatersProvider";
import { useFavouritesMessage } from "../../favourites/useFavouritesMessage";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";

const List = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  li {
    ${offsetCardCss}
    display: grid;
    gap: 0.75rem;
  }
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  ${toggleButtonCss('[data-favourite="true"]')}
  button {
    justify-self: start;
    padding: 0.4rem 0.9rem;
  }
  .checkbox {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  .checkbox input {
    width: 1.25rem;
    height: 1.25rem;
  }
  .checkbox input[aria-disabled="true"] {
    opacity: 0.7;
    cursor: progress;
  }
`;

function FavouriteCinemaList() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const favourites = useFavouriteTheaters();
  const message = useFavouritesMessage();
  const { status, loading, theaters } = favourites;
  // The theater whose newsletter choice the provider last confirmed, said once the request is over.
  const [savedNewsletter, setSavedNewsletter] = useState<string | null>(null);

  if (status === "loading" && theaters.length === 0) {
    return <p role="status">{intl.formatMessage({ id: "favourites.theaters.loading" })}</p>;
  }
  const setNewsletter = async (theaterId: string, name: string, on: boolean) => {
    setSavedNewsletter(null);
    if ((await favourites.setNewsletter(theaterId, on)) === "done") setSavedNewsletter(name);
  };
  return (
    <>
      <FormAlert message={favourites.error ? message(favourites.error) : null} />
      {/* Spec §4 "Loading flag": said while any request runs; the list stays as the provider last answered.
          Then a confirmed newsletter choice. Always in the page, so that each change of its text is announced. */}
      <p role="status">
        {loading
          ? intl.formatMessage({ id: "favourites.theaters.saving" })
          : savedNewsletter !== null
            ? intl.formatMessage({ id: "account.cinemas.newsletterSaved" }, { name: savedNewsletter })
            : ""}
      </p>
      {theaters.length === 0 && <p>{intl.formatMessage({ id: "favourites.theaters.empty" })}</p>}
      <List aria-busy={loading}>
        {site.theaters.map((theater) => {
          const favourite = theaters.find((t) => t.theaterId === theater.theaterCode) ?? null;
          return (
            <li key={theater.id}>
              <h2>{theater.name}</h2>
              <button
                type="button"
                // The label says what a press does (add / remove), so no pressed state on top of it.
                data-favourite={favourite !== null}
                // While a request runs (spec §4 loading flag) a press would be dropped: say so.
                aria-disabled={loading || undefined}
                onClick={() => {
                  if (loading) return;
                  setSavedNewsletter(null);
                  void (favourite
                    ? favourites.removeTheater(theater.theaterCode)
                    : favourites.addTheater(theater.theaterCode));
                }}
              >
                {intl.formatMessage(
                  { id: favourite ? "favourites.theaters.removeNamed" : "favourites.theaters.addNamed" },
                  { name: theater.name },
                )}
              </button>
              {favourite && (
                <CheckboxField
                  label={intl.formatMessage({ id: "favourites.theaters.newsletter" }, { name: theater.name })}
                  checked={favourite.newsletter}
                  // Not `disabled` while a request runs: a focused checkbox that becomes disabled drops
                  // the focus to the page's body. A change meanwhile is ignored (the box stays as it was).
                  aria-disabled={loading || undefined}
                  onCheckedChange={(on) => {
                    if (!loading) void setNewsletter(theater.theaterCode, theater.name, on);
                  }}
                />
              )}
            </li>
          );
        })}
      </List>
    </>
  );
}

export default function FavouriteTheaters() {
  return (
    <FavouriteTheatersProvider>
      <FavouriteCinemaList />
    </FavouriteTheatersProvider>
  );
}

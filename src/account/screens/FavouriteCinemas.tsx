// Favourite cinemas (issue 6, spec §4 "Favourite theatres"; cypherVersion 3 only, which the
// section checks before showing this screen). Every theatre of the site can be added or removed;
// a favourite has its own newsletter switch. The list shown is always the provider's last answer.
import { useIntl } from "react-intl";
import styled from "styled-components";
import { CheckboxField, FormAlert } from "../../components/forms/fields";
import { toggleButtonCss } from "../../components/toggle-button";
import { FavouriteTheatresProvider, useFavouriteTheatres } from "../../favourites/FavouriteTheatresProvider";
import { useFavouritesMessage } from "../../favourites/useFavouritesMessage";
import { useSiteRuntime } from "../../site/SiteRuntime";

const List = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  li {
    padding: 1rem;
    border-radius: ${({ theme }) => theme.radii.content};
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
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
`;

function FavouriteCinemaList() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const favourites = useFavouriteTheatres();
  const message = useFavouritesMessage();
  const { status, loading, theatres } = favourites;

  if (status === "loading" && theatres.length === 0) {
    return <p role="status">{intl.formatMessage({ id: "favourites.theatres.loading" })}</p>;
  }
  return (
    <>
      <FormAlert message={favourites.error ? message(favourites.error) : null} />
      {/* Spec §4 "Loading flag": said while any request runs; the list stays as the provider last answered. */}
      <p role="status">{loading ? intl.formatMessage({ id: "favourites.theatres.saving" }) : ""}</p>
      {theatres.length === 0 && <p>{intl.formatMessage({ id: "favourites.theatres.empty" })}</p>}
      <List aria-busy={loading}>
        {site.theaters.map((theatre) => {
          const favourite = theatres.find((t) => t.theatreId === theatre.theaterCode) ?? null;
          return (
            <li key={theatre.id}>
              <h2>{theatre.name}</h2>
              <button
                type="button"
                // The label says what a press does (add / remove), so no pressed state on top of it.
                data-favourite={favourite !== null}
                // While a request runs (spec §4 loading flag) a press would be dropped: say so.
                aria-disabled={loading || undefined}
                onClick={() => {
                  if (loading) return;
                  void (favourite
                    ? favourites.removeTheatre(theatre.theaterCode)
                    : favourites.addTheatre(theatre.theaterCode));
                }}
              >
                {intl.formatMessage(
                  { id: favourite ? "favourites.theatres.removeNamed" : "favourites.theatres.addNamed" },
                  { name: theatre.name },
                )}
              </button>
              {favourite && (
                <CheckboxField
                  label={intl.formatMessage({ id: "favourites.theatres.newsletter" }, { name: theatre.name })}
                  checked={favourite.newsletter}
                  disabled={loading}
                  onCheckedChange={(on) => {
                    if (!loading) void favourites.setNewsletter(theatre.theaterCode, on);
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

export default function FavouriteCinemas() {
  return (
    <FavouriteTheatresProvider>
      <FavouriteCinemaList />
    </FavouriteTheatresProvider>
  );
}

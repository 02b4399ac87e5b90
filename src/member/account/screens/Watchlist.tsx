// The member's watchlist (issue 6): the films kept at the provider, named from the build's film
// directory, each with the same toggle as the film pages.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { offsetCardCss } from "../../../components/card";
import { WatchlistToggle } from "../../favourites/components/WatchlistToggle";
import { FILM_DIRECTORY_PATH, parseFilmDirectory, type FilmDirectory } from "../../favourites/film-directory";
import { useWatchlist } from "../../favourites/WatchlistProvider";
import { SiteLink } from "../../../links/SiteLink";

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  li {
    min-width: 0;
    ${offsetCardCss}
  }
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

function useFilmDirectory(): FilmDirectory | null {
  const [directory, setDirectory] = useState<FilmDirectory | null>(null);
  useEffect(() => {
    let current = true;
    fetch(FILM_DIRECTORY_PATH)
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
      .then((value: unknown) => {
        if (current) setDirectory(parseFilmDirectory(value));
      });
    return () => {
      current = false;
    };
  }, []);
  return directory;
}

export default function Watchlist() {
  const intl = useIntl();
  const watchlist = useWatchlist();
  const directory = useFilmDirectory();
  const { films: ids, status } = watchlist;
  // Films removed since the list was first shown stay on screen (toggle off) until the member leaves,
  // so a misclick can be undone where it happened.
  const [shown, setShown] = useState<readonly string[]>([]);
  useEffect(() => setShown((before) => [...before, ...ids.filter((id) => !before.includes(id))]), [ids]);

  if (status === "loading" || status === "restoring" || directory === null) {
    return <p role="status">{intl.formatMessage({ id: "favourites.watchlist.loading" })}</p>;
  }
  if (status === "failed") return <p role="alert">{intl.formatMessage({ id: "favourites.watchlist.error.load" })}</p>;
  if (shown.length === 0) return <p>{intl.formatMessage({ id: "favourites.watchlist.empty" })}</p>;
  return (
    <List>
      {shown.map((id) => {
        const film = directory[id];
        // A film no longer in the programme is still the member's: shown by its id, without a page.
        const title = film?.title ?? intl.formatMessage({ id: "account.watchlist.unknownFilm" }, { id });
        return (
          <li key={id}>
            <h2>{film ? <SiteLink to={film.path}>{title}</SiteLink> : title}</h2>
            <WatchlistToggle filmId={id} title={title} />
          </li>
        );
      })}
    </List>
  );
}

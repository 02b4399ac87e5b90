import type { HeadProps, PageProps } from "gatsby";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { FilmCard, FilmGrid } from "../catalogue/components/FilmCard";
import { ParserScript } from "../catalogue/components/PrepaintScript";
import { EAGER_GRID_POSTERS } from "../catalogue/components/FilmPoster";
import { PageShell } from "../shell/PageShell";
import { toggleButtonCss } from "../components/toggle-button";
import { SeoHead } from "../shell/SeoHead";
import { selectFilms, type FilmListPageContext, type FilmSelection, type FilmSummary } from "../site/contexts";
import { useSelectedTheater } from "../member/favourites/SelectedTheaterProvider";
import { SearchForm } from "../shell/layout/SearchForm";
import { SiteLink } from "../links/SiteLink";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { titleMatches } from "../catalogue/search";
import { useFilmSearch, type FilmSearchState } from "../catalogue/film-search";
import { localDateIn } from "../catalogue/dates";
import {
  FILMS_LIST_ATTRIBUTE,
  filmsQueryPrepaintScript,
  queryOf,
  releaseFilmsQueryPrepaint,
} from "../catalogue/films-query-prepaint";

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 1rem 0 1.5rem;
  ${toggleButtonCss()}
`;

const OnlyHere = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 44px;
  margin: -0.5rem 0 1rem;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

// The header's search form, larger, with its label shown: the results page's own box.
const Search = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.5rem 1.5rem;
  margin: 1rem 0;
  /* The label on a row of its own, over the box and its button. */
  form {
    display: grid;
    grid-template-columns: minmax(0, auto) auto;
    gap: 0.5rem;
  }
  label {
    grid-column: 1 / -1;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  input {
    min-height: 44px;
    width: 16rem;
    max-width: 100%;
  }
  button {
    min-height: 44px;
    padding: 0.5rem 1rem;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const selections: FilmSelection[] = ["nowShowing", "comingSoon", "all"];

/**
 * The film list's search box, the page's only one (the header leaves its own out here, issue 45:
 * one box, in the same place before and after the query is read). On a results page it holds the
 * search as it stands, to change, and the way back to the whole list with its selections.
 */
function SearchAgain({ query }: { query: string }) {
  const intl = useIntl();
  return (
    <Search>
      <SearchForm initialQuery={query} name={intl.formatMessage({ id: "films.search.label" })} labelVisible />
      {query && <SiteLink to="/films/">{intl.formatMessage({ id: "films.clearSearch" })}</SiteLink>}
    </Search>
  );
}

/**
 * The films answering a query, best first, from the search index; until it arrives, or when it
 * cannot be had (offline), the films whose title holds the query, in list order.
 */
function answering(films: readonly FilmSummary[], query: string, search: FilmSearchState): FilmSummary[] {
  if (search.status !== "ready") return films.filter((f) => titleMatches(f.title, query));
  const byId = new Map(films.map((film) => [film.id, film]));
  return search.search.search(query).flatMap((found) => byId.get(found.id) ?? []);
}

/**
 * A search with no result is not an empty page: the titles closest to the query (when the index is
 * there) and what is playing today (else what is showing now: the build's data may be a day old).
 */
function NoResult({ films, query, search }: { films: readonly FilmSummary[]; query: string; search: FilmSearchState }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const closest = useMemo(() => {
    if (search.status !== "ready") return [];
    const byId = new Map(films.map((film) => [film.id, film]));
    return search.search.closest(query).flatMap((found) => byId.get(found.id) ?? []);
  }, [films, query, search]);
  const playing = useMemo(() => {
    const today = localDateIn(site.timeZone, Date.now());
    const todays = films.filter((film) => film.nextDay?.date === today);
    return todays.length > 0
      ? { id: "films.search.playingToday" as const, films: todays }
      : { id: "films.filter.nowShowing" as const, films: selectFilms(films, "nowShowing") };
  }, [films, site.timeZone]);
  const section = (
    id: "films.search.closest" | "films.search.playingToday" | "films.filter.nowShowing",
    list: readonly FilmSummary[],
  ) =>
    list.length > 0 && (
      <section aria-label={intl.formatMessage({ id })}>
        <h2>{intl.formatMessage({ id })}</h2>
        <FilmGrid>
          {list.map((film) => (
            <li key={film.id}>
              <FilmCard film={film} headingLevel={3} />
            </li>
          ))}
        </FilmGrid>
      </section>
    );
  return (
    <>
      {section("films.search.closest", closest)}
      {section(playing.id, playing.films)}
    </>
  );
}

/** The parts of the whole list a query's results replace (films-query-prepaint.ts). */
const listPart = { [FILMS_LIST_ATTRIBUTE]: "" };

function FilmList({ pageContext, search }: { pageContext: FilmListPageContext; search: string }) {
  const intl = useIntl();
  // The raw text: a search for "true" or "2048" is a search, not a boolean or a number.
  const query = useMemo(() => queryOf(search), [search]);
  // The list parts hidden by the pre-paint script show again as the results replace them.
  useLayoutEffect(() => {
    if (query) releaseFilmsQueryPrepaint();
  }, [query]);
  const [selection, setSelection] = useState<FilmSelection>("nowShowing");
  const site = useSiteRuntime();
  const { currentTheater } = useSelectedTheater();
  // On a circuit the visitor's theater (spec §4 "Selected theater") filters the list: films
  // playing only elsewhere are left out until the visitor unticks "Only at …" (issue 17). Films
  // with no showtimes anywhere yet (coming soon) stay.
  const showingAtCurrent = !site.isSingleLocation && currentTheater ? currentTheater : null;
  const [allTheaters, setAllTheaters] = useState(false);
  const [filmSearch, startSearch] = useFilmSearch();
  useEffect(() => {
    if (query) startSearch();
  }, [query, startSearch]);
  const films = useMemo(() => {
    const chosen = query ? answering(pageContext.films, query, filmSearch) : selectFilms(pageContext.films, selection);
    if (!showingAtCurrent) return chosen;
    const here = (f: FilmSummary) => f.theaterIds.includes(showingAtCurrent.id);
    if (!allTheaters) return chosen.filter((f) => here(f) || f.theaterIds.length === 0);
    return [...chosen.filter(here), ...chosen.filter((f) => !here(f))];
  }, [pageContext.films, selection, query, filmSearch, showingAtCurrent, allTheaters]);

  return (
    <>
      <h1>{intl.formatMessage({ id: "films.title" })}</h1>
      {/* A new query is a new search: the box starts from it. */}
      <SearchAgain key={query} query={query} />
      <ParserScript html={process.env.BUILD_STAGE === "build-javascript" ? "" : filmsQueryPrepaintScript} />
      {query ? (
        <>
          <p role="status">{intl.formatMessage({ id: "films.searchResults" }, { count: films.length, query })}</p>
        </>
      ) : (
        <Filters role="group" aria-label={intl.formatMessage({ id: "films.filter.label" })} {...listPart}>
          {selections.map((s) => (
            <button key={s} type="button" aria-pressed={selection === s} onClick={() => setSelection(s)}>
              {intl.formatMessage({ id: `films.filter.${s}` })}
            </button>
          ))}
        </Filters>
      )}
      {showingAtCurrent && (
        <OnlyHere {...listPart}>
          <input type="checkbox" checked={!allTheaters} onChange={(event) => setAllTheaters(!event.target.checked)} />
          {intl.formatMessage({ id: "showtimes.filter.onlyAt" }, { theater: showingAtCurrent.name })}
        </OnlyHere>
      )}
      {films.length === 0 ? (
        query ? (
          <NoResult films={pageContext.films} query={query} search={filmSearch} />
        ) : (
          <p>{intl.formatMessage({ id: "films.empty" })}</p>
        )
      ) : (
        <FilmGrid aria-label={intl.formatMessage({ id: "films.count" }, { count: films.length })} {...listPart}>
          {films.map((film, i) => (
            <li key={film.id}>
              <FilmCard
                film={film}
                headingLevel={2}
                priority={i < EAGER_GRID_POSTERS}
                showingAt={
                  showingAtCurrent && film.theaterIds.includes(showingAtCurrent.id) ? showingAtCurrent : undefined
                }
              />
            </li>
          ))}
        </FilmGrid>
      )}
    </>
  );
}

export default function FilmsTemplate({ pageContext, location }: PageProps<object, FilmListPageContext>) {
  // The static HTML has no query string; read it after hydration so both renders agree.
  const [search, setSearch] = useState("");
  useEffect(() => setSearch(location.search), [location.search]);
  return (
    <PageShell pageContext={pageContext} headerSearch={false}>
      <FilmList pageContext={pageContext} search={search} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, FilmListPageContext>) {
  return (
    <SeoHead pageContext={pageContext} title={{ id: "films.title" }} description={{ id: "films.metaDescription" }} />
  );
}

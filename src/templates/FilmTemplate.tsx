import type { HeadProps } from "gatsby";
import { Fragment, useMemo } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { AdsInPage } from "../ads/components/AdSlots";
import { FilmPoster } from "../catalogue/components/FilmPoster";
import { attributeLabel, formatReleaseDate, formatRuntime, versionLabel } from "../catalogue/components/format";
import { ReleaseBadges } from "../catalogue/components/ReleaseBadges";
import { Programme } from "../catalogue/components/Programme";
import { ShareFilm } from "../catalogue/components/ShareFilm";
import { TrailerFacade } from "../catalogue/components/TrailerFacade";
import type { MessageId } from "../i18n/en-US";
import { shellTemplate } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { filmShareImage } from "../lib/share-image";
import { fromFilmShowtimes } from "../catalogue/film-showtimes";
import { versionsAndFeaturesOf } from "../catalogue/schedule";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { toggleButtonCss } from "../components/toggle-button";
import { SiteLink } from "../links/SiteLink";
import { WatchlistToggle } from "../member/favourites/components/WatchlistToggle";
import type { FilmPageContext } from "../site/contexts";

/*
 * The times come first (issue 42): title, key facts and the day's showtimes fit the first screen of
 * a 390 × 844 phone and of a 1280 × 800 desktop; synopsis, credits and actions follow. On a phone
 * the poster is a thumbnail beside the title (.body's children join the article's grid, the intro
 * beside the poster, the rest under both); from md up it is a column of its own.
 */
const Layout = styled.article`
  display: grid;
  gap: 1rem;
  grid-template-columns: 5.5rem minmax(0, 1fr);
  align-items: start;
  .body {
    display: contents;
  }
  .body > :not(.intro) {
    grid-column: 1 / -1;
  }
  ${({ theme }) => theme.media.md} {
    gap: 2rem;
    grid-template-columns: minmax(0, 280px) minmax(0, 1fr);
    .body {
      display: block;
    }
  }
  h1 {
    margin: 0 0 0.35rem;
    font-size: clamp(1.5rem, 4vw, 2.75rem);
    line-height: 1.15;
  }
  .key-facts {
    margin: 0 0 0.5rem;
    color: ${({ theme }) => theme.colours.textAlt};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.35rem 1rem;
    margin: 1rem 0;
  }
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  dd {
    margin: 0;
  }
  .poster {
    max-width: 280px;
  }
  /* One action a line: the watchlist toggle fills its reserved slot after hydration, and nothing
     beside it may move when it does. */
  .actions {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    align-items: flex-start;
    margin-top: 1rem;
    ${toggleButtonCss()}
  }
`;

const Versions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    border: 1px solid ${({ theme }) => theme.colours.visibleMuted};
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.15rem 0.6rem;
    font-size: 0.85rem;
  }
`;

function FilmPage({ pageContext }: { pageContext: FilmPageContext }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { film } = pageContext;
  const showtimes = useMemo(
    () => fromFilmShowtimes(film.id, pageContext.showtimes, site),
    [film.id, pageContext.showtimes, site],
  );
  const films = useMemo(() => new Map([[film.id, film]]), [film]);
  // Each version once (VF, VO, VOST, as the times say it), then 3D, IMAX and accessibility.
  const { versions, features } = useMemo(() => versionsAndFeaturesOf(showtimes), [showtimes]);
  const chips = [
    ...versions.map((v) => ({ key: v, label: versionLabel(intl, v) })),
    ...features.map((f) => ({ key: f, label: attributeLabel(intl, f) })),
  ];
  // Facts the film has, in display order; absent ones are left out rather than shown empty.
  const facts = [
    film.originalTitle && { label: "film.originalTitle", value: film.originalTitle, unknownLanguage: true },
    {
      label: "film.releaseDate",
      value: film.releaseDate
        ? formatReleaseDate(intl, film.releaseDate)
        : intl.formatMessage({ id: "film.releaseDateUnknown" }),
    },
    film.runtimeMinutes && { label: "film.runtimeLabel", value: formatRuntime(intl, film.runtimeMinutes) },
    film.genres.length > 0 && { label: "film.genres", value: film.genres.join(", ") },
    film.directors.length > 0 && { label: "film.directors", value: film.directors.join(", ") },
    film.cast.length > 0 && { label: "film.cast", value: film.cast.join(", ") },
    film.certificate && { label: "film.certificate", value: film.certificate },
  ].filter((fact): fact is { label: MessageId; value: string; unknownLanguage?: boolean } => Boolean(fact));

  // The intro's one line of key facts: what a moviegoer weighs before picking a time.
  const keyFacts = [
    film.runtimeMinutes ? formatRuntime(intl, film.runtimeMinutes) : null,
    film.certificate,
    film.genres.slice(0, 2).join(", ") || null,
  ].filter((fact): fact is string => Boolean(fact));

  return (
    <Layout aria-labelledby="film-title">
      <div className="poster">
        <FilmPoster poster={film.poster} title={film.title} priority />
      </div>
      <div className="body">
        <div className="intro">
          <ReleaseBadges releaseFlags={film.releaseFlags} />
          <h1 id="film-title">{film.title}</h1>
          {keyFacts.length > 0 && <p className="key-facts">{keyFacts.join(" · ")}</p>}
          {chips.length > 0 && (
            <Versions aria-label={intl.formatMessage({ id: "film.versions" })}>
              {chips.map(({ key, label }) => (
                <li key={key}>{label}</li>
              ))}
            </Versions>
          )}
        </div>
        <section aria-labelledby="showtimes">
          <h2 id="showtimes">{intl.formatMessage({ id: "film.showtimes" })}</h2>
          <Programme showtimes={showtimes} films={films} layout="film" headingLevel={3} />
        </section>
        <AdsInPage ads={site.ads} />
        <div className="details">
          {film.trailer && (
            <section aria-labelledby="trailer">
              <h2 id="trailer">{intl.formatMessage({ id: "trailer.heading" })}</h2>
              <TrailerFacade
                trailer={film.trailer}
                trailerUrl={film.trailerUrl}
                title={film.title}
                poster={film.poster}
              />
            </section>
          )}
          <div className="actions">
            <WatchlistToggle filmId={film.id} title={film.title} />
            <ShareFilm title={film.title} />
          </div>
          <dl>
            {facts.map(({ label, value, unknownLanguage }) => (
              <Fragment key={label}>
                <dt>{intl.formatMessage({ id: label })}</dt>
                {/* An original title is in a language we do not know: lang="" says so to screen readers. */}
                <dd lang={unknownLanguage ? "" : undefined}>{value}</dd>
              </Fragment>
            ))}
          </dl>
          {film.synopsis && (
            <section aria-labelledby="synopsis">
              <h2 id="synopsis">{intl.formatMessage({ id: "film.synopsis" })}</h2>
              <p>{film.synopsis}</p>
            </section>
          )}
          {/* A trailer URL the page cannot play in place (trailer.ts) stays a link to it. */}
          {film.trailerUrl && !film.trailer && (
            <SiteLink to={film.trailerUrl}>{intl.formatMessage({ id: "film.trailer" })}</SiteLink>
          )}
        </div>
      </div>
    </Layout>
  );
}

// On a phone the header promo follows the times, not above them (issue 42).
export default shellTemplate(FilmPage, { headerAdOnPhones: "inPage" });

export function Head({ pageContext }: HeadProps<object, FilmPageContext>) {
  const { film } = pageContext;
  const picture = filmShareImage(film);
  return (
    <SeoHead
      pageContext={pageContext}
      title={film.title}
      description={film.synopsis.slice(0, 160) || undefined}
      image={picture && { picture, alt: { id: "film.posterAlt", values: { title: film.title } } }}
      type="video.movie"
    />
  );
}

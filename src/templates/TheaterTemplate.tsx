import type { HeadProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { FilmPoster } from "../catalogue/components/FilmPoster";
import { ShowtimeTimes } from "../catalogue/components/ShowtimeTimes";
import { formatDay } from "../catalogue/components/format";
import { shellTemplate } from "../shell/PageShell";
import { PostalAddress } from "../catalogue/components/PostalAddress";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import type { TheaterPageContext } from "../site/contexts";

const Details = styled.section`
  margin-bottom: 2rem;
  address {
    font-style: normal;
  }
`;

const Films = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  /* Only the film rows: the showtimes inside them are lists too, with layouts of their own. */
  > li {
    display: grid;
    grid-template-columns: 96px 1fr;
    gap: 1rem;
    align-items: start;
  }
  h3 {
    margin: 0 0 0.25rem;
  }
  h3 a {
    color: inherit;
  }
  > li > div > p {
    margin: 0 0 0.5rem;
    &::first-letter {
      text-transform: uppercase;
    }
  }
`;

function TheaterPage({ pageContext }: { pageContext: TheaterPageContext }) {
  const intl = useIntl();
  const { theater, films } = pageContext;
  const filmInfo = new Map(films.map((f) => [f.id, f]));
  return (
    <>
      <h1>{theater.name}</h1>
      <Details aria-label={intl.formatMessage({ id: "theater.details" })}>
        <h2 className="visually-hidden">{intl.formatMessage({ id: "theater.details" })}</h2>
        <PostalAddress address={theater.address} />
        {theater.phone && (
          <p>
            {intl.formatMessage({ id: "theater.phone" })}:{" "}
            <a href={`tel:${theater.phone.replace(/\s+/g, "")}`}>{theater.phone}</a>
          </p>
        )}
        {theater.screens && <p>{intl.formatMessage({ id: "theater.screens" }, { count: theater.screens })}</p>}
        {theater.accessibility.length > 0 && (
          <p>
            {intl.formatMessage({ id: "theater.accessibility" })}: {theater.accessibility.join(", ")}
          </p>
        )}
      </Details>
      <section aria-labelledby="now-showing">
        <h2 id="now-showing">{intl.formatMessage({ id: "theater.nowShowing" }, { theater: theater.name })}</h2>
        {films.length === 0 ? (
          <p>{intl.formatMessage({ id: "films.empty" })}</p>
        ) : (
          <Films>
            {films.map((film) => (
              <li key={film.id}>
                <FilmPoster poster={film.poster} title={film.title} decorative />
                <div>
                  <h3>
                    <SiteLink to={film.path}>{film.title}</SiteLink>
                  </h3>
                  {film.nextDay && (
                    <>
                      <p>{formatDay(intl, film.nextDay.date)}</p>
                      {film.nextDay.theaters.map((group) => (
                        <ShowtimeTimes
                          key={group.theaterId}
                          showtimes={group.showtimes}
                          theater={theater}
                          films={filmInfo}
                        />
                      ))}
                    </>
                  )}
                </div>
              </li>
            ))}
          </Films>
        )}
      </section>
    </>
  );
}

export default shellTemplate(TheaterPage);

export function Head({ pageContext }: HeadProps<object, TheaterPageContext>) {
  return <SeoHead pageContext={pageContext} title={pageContext.theater.name} />;
}

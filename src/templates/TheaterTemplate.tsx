import type { HeadProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useMemo } from "react";
import { fromScheduleShowtimes } from "../catalogue/film-showtimes";
import { Programme } from "../catalogue/components/Programme";
import { MakeMyTheater } from "../member/favourites/components/MakeMyTheater";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { shellTemplate } from "../shell/PageShell";
import { PostalAddress } from "../catalogue/components/PostalAddress";
import { SeoHead } from "../shell/SeoHead";
import type { TheaterPageContext } from "../site/contexts";

const Details = styled.section`
  margin-bottom: 2rem;
  address {
    font-style: normal;
  }
`;

function TheaterPage({ pageContext }: { pageContext: TheaterPageContext }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { theater, films } = pageContext;
  const filmInfo = useMemo(() => new Map(films.map((f) => [f.id, f])), [films]);
  const showtimes = useMemo(() => fromScheduleShowtimes(pageContext.showtimes, site), [pageContext.showtimes, site]);
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
        {/* The offer to make it the visitor's theater (issue 42), never a switch. */}
        <MakeMyTheater theater={theater} announce />
      </Details>
      <section aria-labelledby="now-showing">
        <h2 id="now-showing">{intl.formatMessage({ id: "theater.nowShowing" }, { theater: theater.name })}</h2>
        {films.length === 0 ? (
          <p>{intl.formatMessage({ id: "films.empty" })}</p>
        ) : (
          // The same day strip as a film page (issue 42): empty days marked, opening on the first
          // day with shows left, that day's films with their times.
          <Programme showtimes={showtimes} films={filmInfo} layout="theater" headingLevel={3} />
        )}
      </section>
    </>
  );
}

export default shellTemplate(TheaterPage);

export function Head({ pageContext }: HeadProps<object, TheaterPageContext>) {
  return <SeoHead pageContext={pageContext} title={pageContext.theater.name} />;
}

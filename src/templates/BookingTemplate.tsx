import type { HeadProps, PageProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { PageShell } from "../components/PageShell";
import { SeoHead } from "../components/SeoHead";
import { formatDay, formatShowtime } from "../catalogue/components/format";
import { useCurrentLocation } from "../links/LinkEnvironment";
import { SiteLink } from "../links/SiteLink";
import type { PageContext } from "../page-context/page-context";
import { Spinner } from "../theme/Spinner";
import { bookingKey } from "./booking-key";
import type { BookingContext, BookablePerformance } from "./contexts";

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.5rem 1rem;
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  dd {
    margin: 0;
  }
`;

function PerformanceSummary({ performance }: { performance: BookablePerformance }) {
  const intl = useIntl();
  return (
    <Summary>
      <dt>{intl.formatMessage({ id: "booking.film" })}</dt>
      <dd>
        <SiteLink to={performance.filmPath}>{performance.filmTitle}</SiteLink>
      </dd>
      <dt>{intl.formatMessage({ id: "booking.when" })}</dt>
      <dd>
        <time dateTime={performance.startsAt}>
          {formatDay(intl, performance.localDate)}, {formatShowtime(intl, performance.startsAt, performance.timeZone)}
        </time>
      </dd>
      <dt>{intl.formatMessage({ id: "booking.theater" })}</dt>
      <dd>
        {performance.theaterName}
        {performance.screen ? ` · ${performance.screen}` : ""}
      </dd>
    </Summary>
  );
}

/**
 * Spec §2 internal booking route, used in 'tapos_embedded' mode: booking links land here rather
 * than on the ticketing site, so the point-of-sale host embedding the site takes over the sale.
 * The page names the performance the visitor chose.
 */
function Booking({ performances }: { performances: BookingContext["performances"] }) {
  const intl = useIntl();
  // The query is only known once the page runs in the browser.
  const { search } = useCurrentLocation();
  const params = new URLSearchParams(search);
  const theaterCode = params.get("theaterCode");
  const perfCode = params.get("perfCode");
  const performance = theaterCode && perfCode ? performances[bookingKey(theaterCode, perfCode)] : undefined;
  return (
    <>
      <h1>{intl.formatMessage({ id: "booking.title" })}</h1>
      <div aria-live="polite">
        {!search ? (
          <Spinner title={intl.formatMessage({ id: "common.loading" })} />
        ) : performance ? (
          <PerformanceSummary performance={performance} />
        ) : (
          <p role="alert">{intl.formatMessage({ id: "booking.notFound" })}</p>
        )}
      </div>
      <p>
        <SiteLink to="/films/">{intl.formatMessage({ id: "booking.allFilms" })}</SiteLink>
      </p>
    </>
  );
}

export default function BookingTemplate({ pageContext }: PageProps<object, PageContext & BookingContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <Booking performances={pageContext.performances} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext & BookingContext>) {
  return (
    <>
      <SeoHead pageContext={pageContext} title={{ id: "booking.title" }} />
      <meta name="robots" content="noindex" />
    </>
  );
}

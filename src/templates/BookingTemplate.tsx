import type { HeadProps, PageProps } from "gatsby";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Button } from "../components/forms/fields";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { formatDay, formatShowtime, versionLabel } from "../catalogue/components/format";
import { bookingUrl } from "../catalogue/programme";
import { bookingHandoffMessage, bookingRequest } from "../embedding/booking-handoff";
import { hostOriginHint, hostWindow, messageTargets } from "../embedding/host-window";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { useCurrentLocation, useSearchKnown } from "../links/LinkEnvironment";
import { SiteLink } from "../links/SiteLink";
import type { PageContext } from "../runtime/page-context";
import { Spinner } from "../theme/Spinner";
import { bookingKey, performanceIn, shardOf, shardPath } from "../site/booking-key";
import type { BookingContext, BookablePerformance } from "../site/contexts";

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
  // Keyed: with a version it is one part of the message's parts (the version's text the other).
  const when = (
    <time key="when" dateTime={performance.startsAt}>
      {formatDay(intl, performance.localDate)}, {formatShowtime(intl, performance.startsAt, performance.timeZone)}
    </time>
  );
  return (
    <Summary>
      <dt>{intl.formatMessage({ id: "booking.film" })}</dt>
      <dd>
        <SiteLink to={performance.filmPath}>{performance.filmTitle}</SiteLink>
      </dd>
      <dt>{intl.formatMessage({ id: "booking.when" })}</dt>
      <dd>
        {/* "mercredi 25 novembre, 18:15 en VOST" (issue 45), the version outside the <time>. */}
        {performance.version
          ? intl.formatMessage(
              { id: "showtimes.timeInVersion" },
              { time: when, version: versionLabel(intl, performance.version) },
            )
          : when}
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
 * Hands the booking to the point-of-sale host framing (or having opened) the page: posts
 * {type:'booking', payload:{theaterCode, perfCode}} to the host's origin when it is one of the
 * site's allowedEmbeddingDomains. True once posted, false when there is no such host, null until known.
 */
function useHostHandoff(request: { theaterCode: string; perfCode: string } | null): boolean | null {
  const { embedding } = useSiteRuntime();
  const [handedOver, setHandedOver] = useState<boolean | null>(null);
  const theaterCode = request?.theaterCode;
  const perfCode = request?.perfCode;
  useEffect(() => {
    const host = hostWindow();
    const targets = host ? messageTargets(embedding.allowedEmbeddingDomains, hostOriginHint()) : [];
    if (!host || !theaterCode || !perfCode || targets.length === 0) {
      setHandedOver(false);
      return;
    }
    for (const origin of targets) host.postMessage(bookingHandoffMessage(theaterCode, perfCode), origin);
    setHandedOver(true);
  }, [embedding, theaterCode, perfCode]);
  return handedOver;
}

type Lookup =
  | { status: "loading" }
  | { status: "found"; performance: BookablePerformance }
  | { status: "missing" }
  | { status: "failed" };

/** The performance asked for, from the one shard of the published index that can hold it. */
function usePerformance(
  request: { theaterCode: string; perfCode: string } | null,
  shards: number,
): { lookup: Lookup; retry: () => void } {
  const [lookup, setLookup] = useState<Lookup>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const key = request ? bookingKey(request.theaterCode, request.perfCode) : null;
  useEffect(() => {
    if (key === null) {
      setLookup({ status: "missing" });
      return;
    }
    let current = true;
    setLookup({ status: "loading" });
    fetch(shardPath(shardOf(key, shards)))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then(
        (shard) => {
          const performance = performanceIn(shard, key);
          if (current) setLookup(performance ? { status: "found", performance } : { status: "missing" });
        },
        () => {
          if (current) setLookup({ status: "failed" });
        },
      );
    return () => {
      current = false;
    };
  }, [key, shards, attempt]);
  return { lookup, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Spec §2 internal booking route, used in 'tapos_embedded' mode (built or entered by the tab):
 * booking links land here rather than on the ticketing site, so the point-of-sale host embedding
 * the site takes over the sale. The page names the performance, hands it to the host, and, with
 * no host to take it, offers the ticketing service's own booking page. An address that names no
 * performance (no or malformed theaterCode/perfCode) says so at once, as an unknown one does once
 * looked up; both lead back to the film list.
 */
function Booking({ performanceShards }: BookingContext) {
  const intl = useIntl();
  const site = useSiteRuntime();
  // The query is only known once the page runs in the browser.
  const { search } = useCurrentLocation();
  const searchKnown = useSearchKnown();
  const request = searchKnown ? bookingRequest(search) : null;
  const { lookup, retry } = usePerformance(request, performanceShards);
  const performance = lookup.status === "found" ? lookup.performance : undefined;
  const handedOver = useHostHandoff(request);
  // The retry button leaves with the failure: focus waits on the region for what comes next.
  const region = useRef<HTMLDivElement>(null);
  return (
    <>
      <h1>{intl.formatMessage({ id: "booking.title" })}</h1>
      <div aria-live="polite" tabIndex={-1} ref={region}>
        {!searchKnown || (request && lookup.status === "loading") ? (
          <Spinner title={intl.formatMessage({ id: "common.loading" })} />
        ) : !request ? (
          <p role="alert">{intl.formatMessage({ id: "booking.invalidLink" })}</p>
        ) : performance ? (
          <PerformanceSummary performance={performance} />
        ) : lookup.status === "failed" ? (
          <>
            <p role="alert">{intl.formatMessage({ id: "booking.indexFailed" })}</p>
            <Button
              type="button"
              onClick={() => {
                region.current?.focus();
                retry();
              }}
            >
              {intl.formatMessage({ id: "booking.retry" })}
            </Button>
          </>
        ) : (
          <p role="alert">{intl.formatMessage({ id: "booking.notFound" })}</p>
        )}
        {request && handedOver === true && <p>{intl.formatMessage({ id: "booking.handedOver" })}</p>}
        {request && performance && handedOver === false && (
          <p>
            <SiteLink to={bookingUrl(site.ticketingUrl, request.theaterCode, request.perfCode)} keepBookingLink>
              {intl.formatMessage({ id: "booking.continueOnTicketing" })}
            </SiteLink>
          </p>
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
      <Booking performanceShards={pageContext.performanceShards} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext & BookingContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "booking.title" }} noindex />;
}

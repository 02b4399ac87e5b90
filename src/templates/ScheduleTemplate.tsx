import type { HeadProps } from "gatsby";
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { formatDay } from "../catalogue/components/format";
import { fromScheduleShowtimes } from "../catalogue/film-showtimes";
import { Programme } from "../catalogue/components/Programme";
import { createSiteIntl } from "../i18n/site-intl";
import { useSiteMessages, useSiteRuntime } from "../runtime/SiteRuntime";
import { shellTemplate } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import type { SchedulePageContext } from "../site/contexts";

/** "Séances" / "Showtimes": every film playing on a day (issue 17), a page per day (issue 19). */
function Schedule({ pageContext }: { pageContext: SchedulePageContext }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const films = useMemo(() => new Map(pageContext.films.map((f) => [f.id, f])), [pageContext.films]);
  const showtimes = useMemo(() => fromScheduleShowtimes(pageContext.showtimes, site), [pageContext.showtimes, site]);
  const { day, days } = pageContext;
  const schedule = useMemo(() => (day === null ? undefined : { day, days }), [day, days]);
  return (
    <>
      <h1>{intl.formatMessage({ id: "showtimes.title" })}</h1>
      <Programme showtimes={showtimes} films={films} layout="schedule" headingLevel={2} schedule={schedule} />
    </>
  );
}

export default shellTemplate(Schedule);

export function Head({ pageContext }: HeadProps<object, SchedulePageContext>) {
  const intl = createSiteIntl({ locale: pageContext.intl.locale.long, messages: useSiteMessages() });
  // The first day is the schedule page itself; each later day's page says which day it is.
  const { day, days } = pageContext;
  const laterDay = day !== null && days[0]?.date !== day ? day : null;
  return (
    <SeoHead
      pageContext={pageContext}
      title={
        laterDay ? { id: "showtimes.dayTitle", values: { day: formatDay(intl, laterDay) } } : { id: "showtimes.title" }
      }
      description={{ id: "showtimes.metaDescription" }}
    />
  );
}

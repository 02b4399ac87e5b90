import type { HeadProps, PageProps } from "gatsby";
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { Programme } from "../catalogue/components/Programme";
import { PageShell } from "../components/PageShell";
import { SeoHead } from "../components/SeoHead";
import type { SchedulePageContext } from "./contexts";

/** "Séances" / "Showtimes": every film playing on the chosen day (issue 17). */
function Schedule({ pageContext }: { pageContext: SchedulePageContext }) {
  const intl = useIntl();
  const films = useMemo(() => new Map(pageContext.films.map((f) => [f.id, f])), [pageContext.films]);
  return (
    <>
      <h1>{intl.formatMessage({ id: "showtimes.title" })}</h1>
      <Programme showtimes={pageContext.showtimes} films={films} layout="schedule" headingLevel={2} />
    </>
  );
}

export default function ScheduleTemplate({ pageContext }: PageProps<object, SchedulePageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <Schedule pageContext={pageContext} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, SchedulePageContext>) {
  return (
    <SeoHead
      pageContext={pageContext}
      title={{ id: "showtimes.title" }}
      description={{ id: "showtimes.metaDescription" }}
    />
  );
}

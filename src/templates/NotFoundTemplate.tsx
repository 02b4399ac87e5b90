import type { HeadProps, PageProps } from "gatsby";
import { useState, useSyncExternalStore } from "react";
import { FilmFallback } from "../catalogue/components/FilmFallback";
import { PageShell } from "../shell/PageShell";
import { NotFoundContent } from "../components/NotFoundContent";
import { SeoHead } from "../shell/SeoHead";
import type { PageContext } from "../runtime/page-context";
import { isFilmPath } from "../lib/paths";

const noSubscription = () => () => {};

/**
 * The 404 page, and the landing of any /films/* path no page is built at: the film index may know
 * it (a bare id, an outdated slug), so it is looked up there (spec §2 film links).
 */
export default function NotFoundTemplate({ pageContext, location }: PageProps<object, PageContext>) {
  // null while the HTML the server sent is hydrated (the same HTML answers every path), then the
  // address bar's path; a page reached by client-side navigation has its path from the start.
  const path = useSyncExternalStore(
    noSubscription,
    () => location.pathname,
    () => null,
  );
  const [sentByServer] = useState(path === null);
  return (
    <PageShell pageContext={pageContext}>
      {path !== null && isFilmPath(path) ? <FilmFallback pathname={path} quiet={sentByServer} /> : <NotFoundContent />}
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "notFound.title" }} noindex />;
}

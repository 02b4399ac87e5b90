import { navigate, type HeadProps, type PageProps } from "gatsby";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { isFilmIndex, resolveFilmPath } from "../catalogue/resolve";
import { NotFoundContent } from "../components/NotFoundContent";
import { PageShell } from "../components/PageShell";
import { SeoHead } from "../components/SeoHead";
import type { PageContext } from "../page-context/page-context";
import { Spinner } from "../theme/Spinner";
import { FILM_INDEX_PATH } from "../site/paths";

type State = "resolving" | "notFound";

function FilmFallback({ pathname }: { pathname: string }) {
  const intl = useIntl();
  const [state, setState] = useState<State>("resolving");
  useEffect(() => {
    let cancelled = false;
    fetch(FILM_INDEX_PATH)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((index: unknown) => {
        if (cancelled) return;
        const target = isFilmIndex(index) ? resolveFilmPath(pathname, index) : null;
        if (target) void navigate(target, { replace: true });
        else setState("notFound");
      })
      .catch(() => !cancelled && setState("notFound"));
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  if (state === "notFound") return <NotFoundContent film />;
  return (
    <div role="status" aria-live="polite">
      <Spinner title={intl.formatMessage({ id: "common.loading" })} />
      <p>{intl.formatMessage({ id: "film.loading" })}</p>
    </div>
  );
}

/**
 * Any /films/* path that is not a built film page, and movie permalinks: look the film id up and
 * land on its canonical page, or show the not-found content.
 */
export default function FilmFallbackTemplate({ pageContext, location }: PageProps<object, PageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <FilmFallback pathname={location.pathname} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return (
    <>
      <SeoHead pageContext={pageContext} title={{ id: "films.title" }} />
      <meta name="robots" content="noindex" />
    </>
  );
}

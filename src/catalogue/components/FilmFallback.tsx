import { navigate } from "gatsby";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { NotFoundContent } from "../../components/NotFoundContent";
import { keepingQuery } from "../../links/redirects";
import { FILM_INDEX_PATH } from "../../lib/paths";
import { Spinner } from "../../theme/Spinner";
import { isFilmIndex, resolveFilmPath } from "../resolve";

type State = "resolving" | "notFound";

/**
 * A film path no page is built at (a bare id, an outdated slug, a permalink): looks the film up in
 * the film index and lands on its canonical page (replacing the history entry), or shows the film
 * not-found content. `quiet`: the not-found content is already on screen (a 404 page the server
 * sent), so it stays while the index is read instead of a loading state.
 */
export function FilmFallback({ pathname, quiet = false }: { pathname: string; quiet?: boolean }) {
  const intl = useIntl();
  const [state, setState] = useState<State>("resolving");
  useEffect(() => {
    let cancelled = false;
    fetch(FILM_INDEX_PATH)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((index: unknown) => {
        if (cancelled) return;
        const target = isFilmIndex(index) ? resolveFilmPath(pathname, index) : null;
        if (target)
          void navigate(keepingQuery(target, window.location), { replace: true, state: window.history.state });
        else setState("notFound");
      })
      .catch(() => !cancelled && setState("notFound"));
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  if (state === "notFound" || quiet) return <NotFoundContent film />;
  return (
    <div role="status" aria-live="polite">
      <Spinner title={intl.formatMessage({ id: "common.loading" })} />
      <p>{intl.formatMessage({ id: "film.loading" })}</p>
    </div>
  );
}

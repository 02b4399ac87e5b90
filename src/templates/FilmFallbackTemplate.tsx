import type { HeadProps, PageProps } from "gatsby";
import { FilmFallback } from "../catalogue/components/FilmFallback";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import type { PageContext } from "../runtime/page-context";

/** Movie permalinks (/permalink/movie/<id>, /<prefix>/movie/<id>): land on the film's canonical page. */
export default function FilmFallbackTemplate({ pageContext, location }: PageProps<object, PageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <FilmFallback pathname={location.pathname} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "films.title" }} noindex />;
}

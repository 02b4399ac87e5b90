import type { HeadProps, PageProps } from "gatsby";
import { PageShell } from "../components/PageShell";
import { NotFoundContent } from "../components/NotFoundContent";
import { SeoHead } from "../components/SeoHead";
import type { PageContext } from "../page-context/page-context";

export default function NotFoundTemplate({ pageContext }: PageProps<object, PageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <NotFoundContent />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return (
    <>
      <SeoHead pageContext={pageContext} title={{ id: "notFound.title" }} />
      <meta name="robots" content="noindex" />
    </>
  );
}

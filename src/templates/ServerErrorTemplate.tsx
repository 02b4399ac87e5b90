import type { HeadProps, PageProps } from "gatsby";
import { useIntl } from "react-intl";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import type { PageContext } from "../runtime/page-context";

function ServerError() {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage({ id: "serverError.title" })}</h1>
      <p>{intl.formatMessage({ id: "serverError.text" })}</p>
      <p>
        <SiteLink to="/">{intl.formatMessage({ id: "notFound.backHome" })}</SiteLink>
      </p>
    </>
  );
}

export default function ServerErrorTemplate({ pageContext }: PageProps<object, PageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <ServerError />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "serverError.title" }} noindex />;
}

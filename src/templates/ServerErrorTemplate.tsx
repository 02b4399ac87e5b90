import type { HeadProps } from "gatsby";
import { useIntl } from "react-intl";
import { MessagePage } from "../components/MessagePage";
import { shellTemplate } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import type { PageContext } from "../runtime/page-context";

function ServerError() {
  const intl = useIntl();
  return (
    <MessagePage titleId="serverError.title" textId="serverError.text">
      <p>
        <SiteLink to="/">{intl.formatMessage({ id: "notFound.backHome" })}</SiteLink>
      </p>
    </MessagePage>
  );
}

export default shellTemplate(ServerError);

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "serverError.title" }} noindex />;
}

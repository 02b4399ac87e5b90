import type { HeadProps, PageProps } from "gatsby";
import { useIntl } from "react-intl";
import { MessagePage } from "../components/MessagePage";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import type { PageContext } from "../runtime/page-context";

/**
 * What the service worker shows for a page it has not kept while the network is down. The page
 * ships without scripts (gatsby-ssr.tsx): it is shown under another page's address, which the
 * site's scripts would try to load. "Try again" is an empty link: it reloads the address the
 * visitor asked for. No other link: which pages this visitor's worker kept is not known here, and
 * one that was not kept would bring this page back.
 */
function Offline() {
  const intl = useIntl();
  return (
    <MessagePage titleId="offline.title" textId="offline.text">
      <p>
        <a href="">{intl.formatMessage({ id: "offline.retry" })}</a>
      </p>
    </MessagePage>
  );
}

export default function OfflineTemplate({ pageContext }: PageProps<object, PageContext>) {
  return (
    <PageShell pageContext={pageContext} scriptless>
      <Offline />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, PageContext>) {
  return <SeoHead pageContext={pageContext} title={{ id: "offline.title" }} noindex />;
}

import { createIntl } from "react-intl";
import type { MessageId } from "../i18n/en-US";
import type { PageContext } from "../page-context/page-context";
import { useSiteRuntime } from "../site/SiteRuntime";

type SeoHeadProps = {
  pageContext: PageContext;
  /** Either a literal title or a message id with values. */
  title: string | { id: MessageId; values?: Record<string, string | number> };
  description?: string | { id: MessageId; values?: Record<string, string | number> };
  /** Home page: the site name alone. */
  isHome?: boolean;
};

/** Head content for a template's `Head` export (rendered outside the page's providers). */
export function SeoHead({ pageContext, title, description, isHome }: SeoHeadProps) {
  const site = useSiteRuntime();
  const intl = createIntl({ locale: pageContext.intl.locale.long, messages: pageContext.intl.messages });
  const text = (value: SeoHeadProps["title"]) =>
    typeof value === "string" ? value : intl.formatMessage({ id: value.id }, { siteName: site.name, ...value.values });
  const fullTitle = isHome ? site.name : `${text(title)} | ${site.name}`;
  const canonical = `https://${site.domain}${pageContext.pagePath}`;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={text(description)} />}
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={pageContext.intl.locale.long.replace("-", "_")} />
    </>
  );
}

import { createSiteIntl } from "../i18n/site-intl";
import type { MessageId } from "../i18n/en-US";
import type { PageContext } from "../runtime/page-context";
import { useSiteMessages, useSiteRuntime } from "../runtime/SiteRuntime";
import { siteShareImage, type ShareImage } from "../lib/share-image";

type SeoHeadProps = {
  pageContext: PageContext;
  /** Either a literal title or a message id with values. */
  title: string | { id: MessageId; values?: Record<string, string | number> };
  description?: string | { id: MessageId; values?: Record<string, string | number> };
  /** Home page: the site name alone. */
  isHome?: boolean;
  /**
   * The page's picture for link previews and what it shows (src/lib/share-image.ts); the site's
   * own, drawn from its logo, when absent.
   */
  image?: { picture: ShareImage; alt: SeoHeadProps["title"] } | null;
  /** Open Graph type: "website", or "video.movie" on a film page. */
  type?: "website" | "video.movie";
  /** A page search engines should leave out of their index (robots noindex). */
  noindex?: boolean;
};

/** Head content for a template's `Head` export (rendered outside the page's providers). */
export function SeoHead({ pageContext, title, description, isHome, image, type, noindex = false }: SeoHeadProps) {
  const site = useSiteRuntime();
  const intl = createSiteIntl({ locale: pageContext.intl.locale.long, messages: useSiteMessages() });
  const text = (value: SeoHeadProps["title"]) =>
    typeof value === "string" ? value : intl.formatMessage({ id: value.id }, { siteName: site.name, ...value.values });
  const fullTitle = isHome ? site.name : `${text(title)} | ${site.name}`;
  const origin = `https://${site.domain}`;
  const canonical = `${origin}${pageContext.pagePath}`;
  // Every page describes itself to search engines and link previews, the site's line as a fallback.
  const summary = description ? text(description) : text({ id: "seo.defaultDescription" });
  const picture = image?.picture ?? siteShareImage(site.logo.src);
  const alt = image ? text(image.alt) : site.logo.alt || site.name;
  const pictureUrl = new URL(picture.src, origin).href;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:type" content={type ?? "website"} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={pictureUrl} />
      {picture.size && (
        <>
          <meta property="og:image:type" content="image/jpeg" />
          <meta property="og:image:width" content={String(picture.size.width)} />
          <meta property="og:image:height" content={String(picture.size.height)} />
        </>
      )}
      <meta property="og:image:alt" content={alt} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={pageContext.intl.locale.long.replace("-", "_")} />
      <meta name="twitter:card" content={image || picture.size ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={pictureUrl} />
      <meta name="twitter:image:alt" content={alt} />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

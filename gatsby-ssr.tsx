// Document-level output (lang, font faces, #modal-root) comes from plugins/gatsby-source-venue/gatsby-ssr.tsx,
// which receives the site's locale and fonts as plugin options. Providers live in src/components/PageShell.tsx
// so that each page's static query carries the site data; only the page's location is provided here.
import { readFileSync } from "node:fs";
import type { GatsbySSR } from "gatsby";
import { wrapPageWithLocation } from "./src/links/wrap-page";
import { withoutScripts } from "./src/offline/offline-page-html";
import { OFFLINE_PAGE_PATH } from "./src/offline/paths";
import { STRUCTURED_DATA_FILE } from "./src/site/paths";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) =>
  wrapPageWithLocation({ element, props });

/**
 * The offline page is shown under the address of a page the worker could not reach: the site's
 * scripts would try to load that page and fail. It is sent as plain HTML (styles and fonts kept).
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  if (pathname !== OFFLINE_PAGE_PATH) return;
  replaceHeadComponents(withoutScripts(getHeadComponents()));
  replacePostBodyComponents(withoutScripts(getPostBodyComponents()));
};

let structuredData: Record<string, string> | null = null;

/** The page's schema.org JSON-LD (src/site/structured-data.ts), written by createPages: HTML only, no JavaScript. */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHeadComponents }) => {
  structuredData ??= JSON.parse(readFileSync(STRUCTURED_DATA_FILE, "utf8")) as Record<string, string>;
  const text = structuredData[pathname];
  if (text)
    setHeadComponents([
      <script key="structured-data" type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />,
    ]);
};

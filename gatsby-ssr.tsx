// Document-level output (lang, font faces, #modal-root) comes from plugins/gatsby-source-venue/gatsby-ssr.tsx,
// which receives the site's locale and fonts as plugin options. Providers live in src/shell/PageShell.tsx
// so that each page's static query carries the site data; only the page's location is provided here.
import type { GatsbySSR } from "gatsby";
import { renderToString } from "react-dom/server";
import { wrapPageWithLocation } from "./src/links/wrap-page";
import { withoutScripts } from "./src/offline/offline-page-html";
import { OFFLINE_PAGE_PATH } from "./src/offline/paths";

/**
 * Pages are rendered to a string, not streamed (Gatsby's default, renderToPipeableStream): the
 * stream encodes every chunk to UTF-8 bytes that Gatsby then decodes back into one string. A film
 * page renders in about 10% less time (issue 19), and the HTML is the same, since nothing on the
 * server suspends: the lazy parts (captcha, login dialog, hand-off) render only after the browser
 * has state. A component that did suspend would get its fallback in the HTML and render in the
 * browser, as React does for any boundary the server could not finish.
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = ({ bodyComponent, replaceBodyHTMLString }) => {
  replaceBodyHTMLString(renderToString(bodyComponent));
};

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

// The pages' schema.org JSON-LD is not added here but after the build (gatsby-node.ts onPostBuild,
// src/build/structured-data-html.ts): a file read by the renderer would make Gatsby render every
// page again on each build.

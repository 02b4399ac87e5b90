// Document-level output (lang, font faces, #modal-root) comes from plugins/gatsby-source-venue/gatsby-ssr.tsx,
// which receives the site's locale and fonts as plugin options. Providers live in src/components/PageShell.tsx
// so that each page's static query carries the site data; only the page's location is provided here.
import type { GatsbySSR } from "gatsby";
import { wrapPageWithLocation } from "./src/links/wrap-page";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) =>
  wrapPageWithLocation({ element, props });

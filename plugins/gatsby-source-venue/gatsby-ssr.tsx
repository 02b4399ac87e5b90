import type { GatsbySSR } from "gatsby";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { PREVIEW_PATH_PREFIX } from "../../src/lib/paths";
import {
  DIDOMI_CONFIG_ELEMENT_ID,
  DIDOMI_CONFIG_SCRIPT,
  DIDOMI_LOADER_ATTRIBUTE,
  type ConsentHead,
} from "../../src/tracking/consent/consent-head";
import { scriptJson } from "../../src/lib/script-json";
import { MAIN_CONTENT_ID } from "../../src/shell/layout/SkipLink";
import { INTL_WARMUP_SCRIPT, INTL_WARMUP_TIME_ZONE_ATTRIBUTE } from "../../src/shell/intl-warmup";

/**
 * Gatsby writes the page's path into an inline script on every page
 * (`window.pagePath="/films/x/"`), so each page's script would need its own CSP hash. The same
 * value travels in a data attribute instead, read by a script whose text is the same on every
 * page: the site's Content-Security-Policy allows it with one hash (src/server/http/headers.ts).
 */
const PAGE_PATH_SCRIPT = 'window.pagePath=document.currentScript.getAttribute("data-page-path");';
const GATSBY_PAGE_PATH_SCRIPT = /^\/\*<!\[CDATA\[\*\/window\.pagePath=("(?:[^"\\]|\\.)*");\/\*\]\]>\*\/$/;

type HeadOptions = {
  locale?: string;
  timeZone?: string;
  fontFaceCss?: string;
  fontPreloads?: string[];
  favicon?: string;
  globalCss?: string;
  consentHead?: ConsentHead | null;
  privateParamsScript?: string;
};

/**
 * The consent manager, first in the head as Didomi documents its embed (consent-head.ts): the TCF
 * stub, then the config, whose script inserts the SDK, async. Not under the editor's preview prefix, where the page is
 * a working copy and loads no third party (PageShell).
 */
function consentHeadElements(head: ConsentHead | null | undefined, pathname: string): ReactNode[] {
  if (!head || pathname.startsWith(PREVIEW_PATH_PREFIX)) return [];
  return [
    head.tcfStub ? <script key="tcf-stub" dangerouslySetInnerHTML={{ __html: head.tcfStub }} /> : null,
    <script
      key="didomi-config-json"
      id={DIDOMI_CONFIG_ELEMENT_ID}
      type="application/json"
      {...{ [DIDOMI_LOADER_ATTRIBUTE]: head.loaderUrl }}
      dangerouslySetInnerHTML={{ __html: scriptJson(head.config) }}
    />,
    // Sets the config and inserts the SDK loader (async).
    <script key="didomi-config" dangerouslySetInnerHTML={{ __html: DIDOMI_CONFIG_SCRIPT }} />,
  ];
}

type ScriptElement = ReactElement<{ id?: string; dangerouslySetInnerHTML?: { __html?: unknown } }>;

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = (
  { getHeadComponents, replaceHeadComponents, getPostBodyComponents, replacePostBodyComponents },
  pluginOptions,
) => {
  // The site-wide stylesheet (src/theme/global.css) first in <head>, where Gatsby put an imported
  // one: the theme's and components' rules that follow win at equal specificity.
  const { globalCss } = pluginOptions as HeadOptions;
  if (globalCss)
    replaceHeadComponents([
      <style key="global-css" id="global-css" dangerouslySetInnerHTML={{ __html: globalCss }} />,
      ...getHeadComponents(),
    ]);
  let replaced = false;
  const components = getPostBodyComponents().map((component) => {
    const element = component as ScriptElement;
    if (!isValidElement(element) || element.type !== "script" || element.props.id !== "gatsby-script-loader")
      return component;
    const html = element.props.dangerouslySetInnerHTML?.__html;
    const match = typeof html === "string" ? GATSBY_PAGE_PATH_SCRIPT.exec(html) : null;
    // Any other shape (a Gatsby upgrade, inlined page data) is left alone: its hash is collected all the same.
    if (!match?.[1]) return component;
    replaced = true;
    return (
      <script
        key="script-loader"
        id="gatsby-script-loader"
        data-page-path={JSON.parse(match[1]) as string}
        dangerouslySetInnerHTML={{ __html: PAGE_PATH_SCRIPT }}
      />
    );
  });
  if (replaced) replacePostBodyComponents(components);
};

export const onRenderBody: GatsbySSR["onRenderBody"] = (
  { pathname, setHtmlAttributes, setHeadComponents, setPostBodyComponents },
  pluginOptions,
) => {
  const { locale, timeZone, fontFaceCss, fontPreloads, favicon, consentHead, privateParamsScript } =
    pluginOptions as HeadOptions;
  setHtmlAttributes({ lang: locale ?? "en-US" });
  setHeadComponents([
    // Before anything else can read the address (src/tracking/analytics/address-bar-script.ts).
    privateParamsScript ? (
      <script key="private-params" dangerouslySetInnerHTML={{ __html: privateParamsScript }} />
    ) : null,
    ...consentHeadElements(consentHead, pathname),
    // The browser's Intl data, set up in a worker while the page loads (src/shell/intl-warmup.ts).
    <script
      key="intl-warmup"
      {...{ [INTL_WARMUP_TIME_ZONE_ATTRIBUTE]: timeZone ?? "" }}
      dangerouslySetInnerHTML={{ __html: INTL_WARMUP_SCRIPT }}
    />,
    // No first paint before the header is parsed whole: Chrome could paint a slow page's header
    // before its member button had arrived, and the menu button then moved left to make room (a
    // layout shift, 7 of 20 loads of a US theater page at CPU ×3, none with this). Released when the
    // main element, which follows the header, is parsed, or at the end of the document.
    <link key="expect-main" rel="expect" href={`#${MAIN_CONTENT_ID}`} blocking="render" />,
    <link key="icon" rel="icon" href={favicon || "/favicon.svg"} type="image/svg+xml" />,
    ...(fontPreloads ?? []).map((href) => (
      <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
    )),
    fontFaceCss ? <style key="font-faces" id="font-faces" dangerouslySetInnerHTML={{ __html: fontFaceCss }} /> : null,
  ]);
  // Dialogs portal here (spec §2): outside the React root so they never inherit page layout.
  setPostBodyComponents([<div key="modal-root" id="modal-root" />]);
};

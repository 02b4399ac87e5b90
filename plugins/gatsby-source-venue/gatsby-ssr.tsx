import type { GatsbySSR } from "gatsby";

type HeadOptions = { locale?: string; fontFaceCss?: string; fontPreloads?: string[]; favicon?: string };

export const onRenderBody: GatsbySSR["onRenderBody"] = (
  { setHtmlAttributes, setHeadComponents, setPostBodyComponents },
  pluginOptions,
) => {
  const { locale, fontFaceCss, fontPreloads, favicon } = pluginOptions as HeadOptions;
  setHtmlAttributes({ lang: locale ?? "en-US" });
  setHeadComponents([
    <link key="icon" rel="icon" href={favicon || "/favicon.svg"} type="image/svg+xml" />,
    ...(fontPreloads ?? []).map((href) => (
      <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
    )),
    fontFaceCss ? <style key="font-faces" id="font-faces" dangerouslySetInnerHTML={{ __html: fontFaceCss }} /> : null,
  ]);
  // Dialogs portal here (spec §2): outside the React root so they never inherit page layout.
  setPostBodyComponents([<div key="modal-root" id="modal-root" />]);
};

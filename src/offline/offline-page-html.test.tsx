import { withoutScripts } from "./offline-page-html";

/** Stands in for Gatsby's ServerSliceRenderer (cache-dir/slice/server-slice-renderer.js). */
function ServerSliceRenderer(props: { sliceId: string }) {
  return <>{props.sliceId}</>;
}

describe("withoutScripts: the offline page's document components", () => {
  it("drops scripts, Gatsby's scripts slice, script and data preloads, prefetches and noscript fallbacks; keeps styles, fonts, icons", () => {
    const components = [
      <script key="a" src="/app-0123456789abcdef0123.js" />,
      <script key="b" id="gatsby-chunk-mapping" dangerouslySetInnerHTML={{ __html: "x" }} />,
      <link key="c" rel="preload" as="script" href="/framework.js" />,
      <link key="d" rel="preload" as="fetch" href="/page-data/app-data.json" />,
      <link key="e" rel="prefetch" href="/component.js" />,
      <noscript key="f" />,
      <link key="g" rel="preload" as="font" href="/fonts/a.woff2" />,
      <link key="h" rel="icon" href="/favicon.svg" />,
      <style key="i" id="font-faces" />,
      <div key="j" id="modal-root" />,
      <ServerSliceRenderer key="k" sliceId="_gatsby-scripts" />,
      <ServerSliceRenderer key="l" sliceId="header" />,
      "text",
      null,
    ];
    const kept = withoutScripts(components);
    expect(kept).toEqual([components[6], components[7], components[8], components[9], components[11], "text", null]);
  });
});

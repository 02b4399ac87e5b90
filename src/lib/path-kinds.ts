// Which kind of path a request names, for its Cache-Control (src/server/http/headers.ts) and for what the
// build compresses ahead (src/build/precompress.ts): one rule that both the server and the build read.

/** How long a response may be reused. */
export type PathKind = "immutable" | "revalidate" | "api";

export const CACHE_CONTROL: Readonly<Record<PathKind, string>> = {
  // Content-hashed file names: a new build never changes what such a URL answers.
  immutable: "public, max-age=31536000, immutable",
  // HTML, page-data, app-data, /sw.js, site assets, the 404 page: reused only after revalidation.
  revalidate: "no-cache",
  // Member calls, redirects carrying a member token, health, the script proxy's refusals (its scripts
  // keep their vendor's caching, bounded: src/server/third-party-proxy.ts).
  api: "no-store",
};

export const HEALTH_PATH = "/healthz";

/**
 * Gatsby's off-main-thread script proxy (gatsby-script writes `/__third-party-proxy?url={encoded
 * src}` for a `strategy="off-main-thread"` script): an endpoint, answered by
 * src/server/third-party-proxy.ts, with the endpoints' headers and JSON errors.
 */
export const THIRD_PARTY_PROXY_PATH = "/__third-party-proxy";

/** Gatsby's webpack output: `<name>-<20 hex>.js|css` at the root (source maps and licence notes alike). */
const HASHED_BUILD_FILE = /^\/[^/]+-[0-9a-f]{20}\.(?:js|mjs|css)(?:\.map|\.LICENSE\.txt)?$/;
/** Font files copied by the venue plugin as `<face>.<content hash>.woff2` (src/theme/font-assets.ts). */
const HASHED_FONT = /^\/fonts\/[^/]+\.[0-9a-f]{8,}\.(?:woff2?|ttf|otf)$/;

/** The kind of a served path (a file of the build, or an endpoint); `urlPath` is decoded and starts with "/". */
export function pathKindOf(urlPath: string): PathKind {
  if (
    urlPath === "/api" ||
    urlPath.startsWith("/api/") ||
    urlPath === HEALTH_PATH ||
    urlPath === THIRD_PARTY_PROXY_PATH
  )
    return "api";
  if (urlPath.startsWith("/static/") || HASHED_BUILD_FILE.test(urlPath) || HASHED_FONT.test(urlPath))
    return "immutable";
  return "revalidate";
}

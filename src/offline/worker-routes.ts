// What the service worker (/sw.js, gatsby-plugin-offline's Workbox 4) does with each request the
// pages make: its `workboxConfig.runtimeCaching`, in the order Workbox tries them (the first match
// answers). Anything no route matches is left to the browser, untouched by the worker: member
// calls and redirects (/api/*), other origins (the sandbox, third-party scripts, the loyalty
// provider), POST requests (Workbox routes GET only).
//
// Every pattern starts after the scheme ("//host/…"), never at index 0: Workbox only lets a
// pattern match another origin when the match starts at index 0, so these match the site's own
// origin only. Caches hold one deploy: the worker of a new deploy empties them when it takes over
// (src/offline/sw-append.js), so a cached page never meets the scripts of another build.

import { INTL_WARMUP_WORKER_PATH } from "../lib/paths";

/** Handlers gatsby-plugin-offline accepts (its options schema). */
export type WorkerHandler = "CacheFirst" | "NetworkFirst" | "StaleWhileRevalidate";

export type WorkerRoute = {
  urlPattern: RegExp;
  handler: WorkerHandler;
  options?: { networkTimeoutSeconds: number };
};

/**
 * How long a page or its data may take before the kept copy is shown instead (a slow connection
 * behaves like none). Without a kept copy the worker keeps waiting for the network.
 */
export const NETWORK_TIMEOUT_SECONDS = 4;

const ORIGIN = String.raw`\/\/[^/?#]+`;
const QUERY = String.raw`(?:\?[^#]*)?$`;
/** Paths that are never the worker's: endpoints (/api/*) and the sandbox's stand-ins (/__*). */
const NOT_OURS = String.raw`(?!api(?:\/|$|\?)|__)`;

/**
 * Content-hashed build output (the same files src/server/http/headers.ts serves as immutable):
 * webpack's `<name>-<20 hex>.js|css`, /static/, fonts named `<face>.<hash>.woff2`. A URL that
 * never changes what it answers: from the cache first.
 */
export const HASHED_ASSET = new RegExp(
  `${ORIGIN}\\/(?:[^/?#]+-[0-9a-f]{20}\\.(?:js|mjs|css)|static\\/[^?#]+|fonts\\/[^/?#]+\\.[0-9a-f]{8,}\\.(?:woff2?|ttf|otf))${QUERY}`,
);

/** Page data, app data, static query results and the site's JSON indexes: fresh first. */
export const PAGE_DATA = new RegExp(`${ORIGIN}\\/${NOT_OURS}(?:page-data\\/[^?#]+|[^/?#]+)\\.json${QUERY}`);

/** Pages: a path ending in "/" (Gatsby's trailing slash), a last segment without a dot, or ".html". */
export const PAGE = new RegExp(
  `${ORIGIN}\\/${NOT_OURS}(?!page-data\\/|static\\/)(?:[^?#]*\\/)?(?:[^/?#.]*|[^/?#]+\\.html)${QUERY}`,
);

/**
 * Other files of the site (posters, logos, icons, preview font sheets, the head's Intl worker, so a
 * page shown offline starts it too): from the cache, refreshed behind.
 */
export const SITE_FILE = new RegExp(
  `${ORIGIN}(?:\\/${NOT_OURS}[^?#]+\\.(?:svg|png|jpe?g|webp|avif|gif|ico|css|woff2?)|${INTL_WARMUP_WORKER_PATH.replace(/[/.]/g, "\\$&")})${QUERY}`,
);

export const RUNTIME_CACHING: readonly WorkerRoute[] = [
  { urlPattern: HASHED_ASSET, handler: "CacheFirst" },
  { urlPattern: PAGE_DATA, handler: "NetworkFirst", options: { networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS } },
  { urlPattern: PAGE, handler: "NetworkFirst", options: { networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS } },
  { urlPattern: SITE_FILE, handler: "StaleWhileRevalidate" },
];

/**
 * Which route answers `url` for a page of `origin`, as Workbox decides it (first match; another
 * origin only when a pattern matches at index 0), or null when the worker leaves it alone.
 */
export function workerRouteOf(url: string, origin: string): WorkerRoute | null {
  const parsed = new URL(url);
  for (const route of RUNTIME_CACHING) {
    const match = route.urlPattern.exec(parsed.href);
    if (!match) continue;
    if (parsed.origin !== origin && match.index !== 0) continue;
    return route;
  }
  return null;
}

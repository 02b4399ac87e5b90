import { pathKindOf } from "../server/http/headers";
import { RUNTIME_CACHING, workerRouteOf } from "./worker-routes";

const ORIGIN = "https://cinema-lumiere.example";
const at = (path: string) => `${ORIGIN}${path}`;

describe("the offline worker's routes (issue 16 scope)", () => {
  it.each([
    // Hashed build output: from the cache first.
    [at("/app-0123456789abcdef0123.js"), "CacheFirst"],
    [at("/component---src-templates-film-template-tsx-0123456789abcdef0123.js"), "CacheFirst"],
    [at("/styles-0123456789abcdef0123.css"), "CacheFirst"],
    [at("/static/1a2b3c/poster.webp"), "CacheFirst"],
    [at("/fonts/inter-latin-400-normal.0123abcd.woff2"), "CacheFirst"],
    // Pages and their data: network first, the kept copy as fallback.
    [at("/"), "NetworkFirst"],
    [at("/films/"), "NetworkFirst"],
    [at("/films/1000021001-les-ombres-du-lac/"), "NetworkFirst"],
    [at("/films/?q=lac"), "NetworkFirst"],
    [at("/account/profile/"), "NetworkFirst"],
    [at("/404.html"), "NetworkFirst"],
    [at("/page-data/films/page-data.json"), "NetworkFirst"],
    [at("/page-data/app-data.json"), "NetworkFirst"],
    [at("/page-data/sq/d/123456789.json"), "NetworkFirst"],
    [at("/film-index.json"), "NetworkFirst"],
    // Other files of the site: kept, refreshed behind.
    [at("/site-assets/posters/1000021001.svg"), "StaleWhileRevalidate"],
    [at("/favicon.svg"), "StaleWhileRevalidate"],
    [at("/fonts/preview/lora.css"), "StaleWhileRevalidate"],
    [at("/intl-warmup.js"), "StaleWhileRevalidate"],
  ])("%s → %s", (url, handler) => {
    expect(workerRouteOf(url, ORIGIN)?.handler).toBe(handler);
  });

  it.each([
    // Member calls and the ticketing redirects: always the network, never a cache (spec §7).
    at("/api/cypher"),
    at("/api/startticketing/redirect?return=%2Fx"),
    at("/api"),
    // The sandbox's stand-ins, the worker's own files.
    at("/__consent/sdk/loader.js"),
    // The off-main-thread script proxy: the vendor's caching, as the proxy passes it on.
    at("/__third-party-proxy?url=https%3A%2F%2Fwww.googletagmanager.com%2Fgtag%2Fjs%3Fid%3DG-1"),
    at("/sw.js"),
    at("/workbox-v4.3.1/workbox-sw.js"),
    at("/.gatsby-plugin-offline:api=enableOfflineShell"),
    // Other origins: the sandbox, third-party scripts, a remote catalogue's posters.
    "http://127.0.0.1:9411/__consent/sdk/loader.js",
    "https://www.googletagmanager.com/gtag/js?id=G-1",
    "https://cdn.example/app-0123456789abcdef0123.js",
    "https://catalogue.example/films/",
    "https://catalogue.example/page-data/films/page-data.json",
  ])("%s is left to the browser", (url) => {
    expect(workerRouteOf(url, ORIGIN)).toBeNull();
  });

  it("keeps from the cache first only what the server serves as immutable", () => {
    const samples = [
      "/app-0123456789abcdef0123.js",
      "/framework-0123456789abcdef0123.js",
      "/static/1a2b3c/poster.webp",
      "/fonts/inter-latin-400-normal.0123abcd.woff2",
      "/films/",
      "/page-data/app-data.json",
      "/site-assets/logo.svg",
      "/fonts/preview/lora.css",
    ];
    for (const path of samples) {
      const cacheFirst = workerRouteOf(at(path), ORIGIN)?.handler === "CacheFirst";
      expect([path, cacheFirst]).toEqual([path, pathKindOf(path) === "immutable"]);
    }
  });

  it("gives pages and their data a network timeout", () => {
    for (const route of RUNTIME_CACHING.filter((r) => r.handler === "NetworkFirst"))
      expect(route.options?.networkTimeoutSeconds).toBeGreaterThan(0);
  });
});

/* global workbox, navigationRoute */
// Appended to /sw.js after gatsby-plugin-offline's own code (its `appendScript` option, see
// gatsby-config.ts), in the worker's global scope. Plain script, no imports: it runs as written.
//
// 1. Pages are fresh first. The plugin answers navigations with its cached app shell once a page's
//    files are cached. Its route comes after the site's (src/offline/worker-routes.ts), which
//    answer every page first; it is made to match nothing, so the navigations no route of the
//    site takes (/api/*: the ticketing redirects) are left to the browser, untouched.
// 2. A page that is neither reachable nor kept gets the site's offline page (precached by the
//    plugin as its app shell, built by src/templates/OfflineTemplate.tsx).
// 3. One deploy per cache: when a new worker takes over, it deletes every cache but its precache
//    (which Workbox has already brought to the new build's files), so a kept page can never be
//    shown with the scripts of another build.

// Workbox 4 exposes no way to unregister a route of its default router; a route's `match` is public.
if (typeof navigationRoute !== "undefined") navigationRoute.match = () => false;

// Read at start-up: Workbox loads its modules only while the worker script first runs.
const precaching = workbox.precaching;
const PRECACHE_NAME = workbox.core.cacheNames.precache;

workbox.routing.setCatchHandler(async ({ event }) => {
  if (event.request.mode === "navigate") {
    const key = precaching.getCacheKeyForURL("/offline-plugin-app-shell-fallback/index.html");
    const offlinePage = key && (await caches.match(key));
    if (offlinePage) return offlinePage;
  }
  return Response.error();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== PRECACHE_NAME).map((name) => caches.delete(name)))),
  );
});

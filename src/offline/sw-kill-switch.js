// /sw.js of a build made with OFFLINE_WORKER=off: the offline worker's kill switch (README).
// A browser that still has the site's worker fetches /sw.js again on its next visit (the server
// sends it with Cache-Control: no-cache), finds this one and installs it at once. It then deletes
// every cache the site's worker kept, unregisters itself and reloads the pages it took over,
// which come back from the network with no worker. It has no fetch handler: nothing goes through it.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
      // gatsby-plugin-offline's list of each page's files (idb-keyval's default store).
      indexedDB.deleteDatabase("keyval-store");
      await self.registration.unregister();
      const pages = await self.clients.matchAll({ type: "window" });
      await Promise.all(pages.map((page) => page.navigate(page.url).catch(() => undefined)));
    })(),
  );
});

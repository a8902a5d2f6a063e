// The service worker: after one visit the whole site is in the cache and the board loads and
// plays with no network. tools/web/build.py fills in the cache name (a hash of every file of
// the build, so a new build replaces the old cache) and the file list. A new build waits beside
// the old one until the page asks it to take over (offline.js: "a new version is ready").
// SPDX-License-Identifier: MIT

const CACHE = "__CACHE__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => {
        if (!self.registration.active) return self.skipWaiting(); // the first visit
        return undefined;
      }),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first: the site is static and versioned by CACHE. A page asked for by any other address
// in the site's scope (a deep link, index.html) is sent to the site's own address, where the
// page's files are found by the names it gives them.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      if (req.mode === "navigate" && (await cache.match("./"))) {
        return Response.redirect(self.registration.scope, 302);
      }
      return fetch(req);
    }),
  );
});

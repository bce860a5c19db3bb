/* The site's service worker: every file of the site is kept in the cache
   when it is installed, and answered from there, so the referee starts with
   no network at all. A new build (another VERSION) replaces the old cache. */
"use strict";
const VERSION = /*VERSION*/"";
const FILES = /*FILES*/[];
const CACHE = "referee-site-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("referee-site-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    if (hit) return hit;
    return fetch(request);
  })());
});

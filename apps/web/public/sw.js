// Ekran service worker (spec platform §2: registered on load).
// Hashed build assets and generated images never change: serve them from the cache first.
// Pages, data and media always go to the network (media URLs are signed and expire).
const CACHE = 'ekran-static-v1';
const CACHEABLE = [/^\/assets\//, /^\/api\/v1\/images\//];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !CACHEABLE.some((re) => re.test(url.pathname))) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    }),
  );
});

// HomeTutor's service worker, hand-written: it keeps the app's shell so that the app
// opens without a network, and nothing else.
//
// - Precache: index.html and every file of this build (hashed scripts, styles, images, the
//   manifest and icons), listed at build time by vite-plugins/service-worker.ts, which replaces
//   the placeholder below with { version, urls }. One cache per build ('hometutor-shell-<version>').
// - Pages (navigations): the network first, so an online visit always gets the newest build;
//   offline, the cached index.html, and the app says 'You are offline'.
// - Files of the build: from the cache, else the network (names carry their content's hash).
// - Never cached, never even intercepted: /api/ (every answer about a person, uploaded files,
//   the chat socket), other origins (map tiles, the payment provider), anything but GET.
// - Updating: a new build is a new sw.js (its list and version change). It installs beside the
//   old one and takes over only once its whole cache is filled (skipWaiting after the precache,
//   so a half-filled cache never serves); then it deletes older builds' caches and claims the open
//   pages. Those pages keep working online: their pages come from the network, and a file of theirs
//   the new cache lacks is fetched from the server as before there was a service worker.

const PRECACHE = self.__HOMETUTOR_PRECACHE__
const CACHE_PREFIX = 'hometutor-shell-'
const CACHE = CACHE_PREFIX + PRECACHE.version
const SHELL_URL = '/index.html'
const precached = new Set(PRECACHE.urls)

/** A URL this worker must leave alone: the API (personal data, uploads, the socket) and other origins. */
function leftToTheNetwork(url) {
  return url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      // Hashed files may come from the HTTP cache (they never change); the rest of the shell is
      // fetched again so the cache holds this build's copy, not an older one the browser kept.
      await cache.addAll(
        PRECACHE.urls.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'reload' })),
      )
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      )
      await self.clients.claim()
    })(),
  )
})

async function page(request) {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE, ignoreVary: true })
    if (shell) return shell
    throw error
  }
}

// ignoreVary: the server varies its answers on Accept-Encoding and Origin (CORS), but a file of
// this build is the same file whichever way it was sent, and a page's module scripts carry an
// Origin header that the precache's requests did not.
async function buildFile(request) {
  const cached = await caches.match(request, { cacheName: CACHE, ignoreVary: true })
  return cached ?? fetch(request)
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (leftToTheNetwork(url)) return
  if (request.mode === 'navigate') {
    event.respondWith(page(request))
  } else if (precached.has(url.pathname)) {
    event.respondWith(buildFile(request))
  }
})

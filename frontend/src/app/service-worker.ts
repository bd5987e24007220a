/**
 * Registers the service worker (service-worker/sw.js, emitted as /sw.js by the build) in
 * production builds only: the dev server has no worker, and a worker's cache would hide hot
 * reloads. After the page's load, so the worker's precache never competes with the first visit.
 * `updateViaCache: 'none'`: every check for a new build asks the server for sw.js.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch((error: unknown) => {
      // The app works without it (no offline copy); say why in the console for whoever looks.
      console.warn('Service worker not registered:', error)
    })
  })
}

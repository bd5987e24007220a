import { useSyncExternalStore } from 'react'

/**
 * Whether the browser believes it has a network connection (`navigator.onLine` and its
 * `online`/`offline` events). The service worker keeps the app's shell for offline visits; this
 * tells the shell to say so instead of leaving the person with failing requests.
 */
function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

const isOnline = () => navigator.onLine

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true)
}

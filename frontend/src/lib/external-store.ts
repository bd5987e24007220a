import { useSyncExternalStore } from 'react'

/**
 * One value kept outside React that components read and any code sets: the last site settings,
 * the newest broadcast. Smaller than a query cache or a context, so it fits the landing route's
 * first-load budget; every reader re-renders when the value changes (by identity).
 */
export function createExternalStore<T>(initial: T) {
  let current = initial
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  const get = () => current
  return {
    get,
    set(next: T) {
      if (Object.is(current, next)) return
      current = next
      listeners.forEach((listener) => listener())
    },
    useValue: (): T => useSyncExternalStore(subscribe, get, get),
  }
}

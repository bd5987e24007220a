import { useSyncExternalStore } from 'react'

/**
 * Set when any API call is answered 503 with code "maintenance" (the server is shut for all but
 * admins): the shell then shows the maintenance screen even before the site settings say so.
 */
let down = false
const listeners = new Set<() => void>()

export function setMaintenance(value: boolean) {
  if (down === value) return
  down = value
  listeners.forEach((listener) => listener())
}

export function useMaintenanceSignal(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => down,
    () => down,
  )
}

import { useSyncExternalStore } from 'react'

/** The newest admin broadcast received over the chat socket, until the person dismisses it. */
export interface Broadcast {
  text: string
  createdAt: string
}

let current: Broadcast | null = null
const listeners = new Set<() => void>()

export function showBroadcast(next: Broadcast | null) {
  current = next
  listeners.forEach((listener) => listener())
}

export function useBroadcast(): Broadcast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => current,
  )
}

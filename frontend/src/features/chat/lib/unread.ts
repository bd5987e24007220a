import { useSyncExternalStore } from 'react'
import { STORAGE_KEYS } from '@/lib/session'

const listeners = new Set<() => void>()

function readTotal(): number {
  try {
    const n = Number(window.localStorage.getItem(STORAGE_KEYS.unreadChats))
    return Number.isFinite(n) && n > 0 ? n : 0
  } catch {
    return 0
  }
}

let total = readTotal()

/** Stores the server's unread counts (SPEC §3: unreadChats total, unreadPerUser map). */
export function setUnread(next: { total: number; perUser: Record<string, number> }) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.unreadChats, String(next.total))
    window.localStorage.setItem(STORAGE_KEYS.unreadPerUser, JSON.stringify(next.perUser))
  } catch {
    // storage full or disabled: the badge still updates
  }
  total = next.total
  listeners.forEach((l) => l())
}

export function resetUnread() {
  total = readTotal()
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useUnreadTotal(): number {
  return useSyncExternalStore(subscribe, () => total)
}

import { useSyncExternalStore } from 'react'
import type { components } from '@/api/schema'

export type Site = components['schemas']['SiteDto']
export type SiteSettings = components['schemas']['SettingsDto']

/**
 * The last GET /site answer, for the shell and the landing page. The query itself lives in the
 * lazily loaded `app/layout/SiteSync`, so neither the typed client nor react-query's observer
 * weighs on the landing route's first load (DESIGN.md §6 budget).
 */
let current: Site | null = null
const listeners = new Set<() => void>()

export function setSiteData(next: Site | null) {
  if (current === next) return
  current = next
  listeners.forEach((listener) => listener())
}

export function useSiteData(): Site | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => current,
  )
}

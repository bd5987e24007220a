import type { components } from '@/api/schema'
import { createExternalStore } from './external-store'

export type Site = components['schemas']['SiteDto']
export type SiteSettings = components['schemas']['SettingsDto']

/**
 * The last GET /site answer, for the shell and the landing page. Fetched with a plain `fetch`
 * (`loadSite`, from the lazily mounted `app/layout/SiteSync`), so that neither the typed client nor
 * the query library weighs on the landing page's first load (the page-weight budget); `lib/site.ts`
 * connects it to the query cache for screens that have one.
 */
const store = createExternalStore<Site | null>(null)

export const setSiteData = store.set
export const useSiteData = store.useValue

let inFlight: Promise<Site> | null = null

/** GET /site into the store; callers at the same moment share one request. */
export function loadSite(): Promise<Site> {
  inFlight ??= (async () => {
    try {
      const response = await fetch('/api/site', { headers: { Accept: 'application/json' } })
      if (!response.ok) throw new Error(`Failed to load site settings (HTTP ${response.status})`)
      const site = (await response.json()) as Site
      setSiteData(site)
      return site
    } finally {
      inFlight = null
    }
  })()
  return inFlight
}

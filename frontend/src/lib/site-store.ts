import type { components } from '@/api/schema'
import { createExternalStore } from './external-store'
import { currentLanguage } from './i18n'

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
      const response = await fetch('/api/site', {
        headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
      })
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

/**
 * Resolves once the site settings are here (at once when they already are), or once asking for them
 * failed: for a screen whose layout depends on them (the demo-payments notice above a plan) to load
 * with them rather than jump when they arrive.
 */
export function siteSettled(): Promise<void> {
  if (store.get()) return Promise.resolve()
  return loadSite().then(
    () => undefined,
    () => undefined,
  )
}

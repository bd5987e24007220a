import type { components } from '@/api/schema'
import { createExternalStore } from './external-store'

export type Site = components['schemas']['SiteDto']
export type SiteSettings = components['schemas']['SettingsDto']

/**
 * The last GET /site answer, for the shell and the landing page. The query itself lives in the
 * lazily loaded `app/layout/SiteSync`, so neither the typed client nor react-query's observer
 * weighs on the landing route's first load (DESIGN.md §6 budget).
 */
const store = createExternalStore<Site | null>(null)

export const setSiteData = store.set
export const useSiteData = store.useValue

import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadSite, type Site } from './site-store'

export type { Site, SiteSettings } from './site-store'

/** GET /site in the query cache, so that an admin's save (which invalidates this key) refreshes it. */
export const siteQueryKey = ['site'] as const

export function siteQueryOptions() {
  return queryOptions({ queryKey: siteQueryKey, queryFn: loadSite, staleTime: Infinity })
}

/**
 * Keeps the site store answering to invalidations of `siteQueryKey` once the query library has
 * loaded: it starts from what the shell already fetched, `site` (no second request), and refetches
 * into the store when an admin's save invalidates it. Called only once the store has the site: a
 * query observed before the shell's request answered would fetch /site a second time when it
 * subscribed, if the answer came in between.
 */
export function useSiteRefresh(site: Site) {
  useQuery({ ...siteQueryOptions(), initialData: site })
}

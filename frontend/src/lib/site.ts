import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadSite, useSiteData } from './site-store'

export type { Site, SiteSettings } from './site-store'

/** GET /site in the query cache, so that an admin's save (which invalidates this key) refreshes it. */
export const siteQueryKey = ['site'] as const

export function siteQueryOptions() {
  return queryOptions({ queryKey: siteQueryKey, queryFn: loadSite, staleTime: Infinity })
}

/**
 * Keeps the site store answering to invalidations of `siteQueryKey` once the query library has
 * loaded: it starts from what the shell already fetched (no second request), and refetches into
 * the store when an admin's save invalidates it.
 */
export function useSiteRefresh() {
  const site = useSiteData()
  useQuery({ ...siteQueryOptions(), initialData: site ?? undefined })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'

export type { Site, SiteSettings } from './site-store'

/** GET /site: settings, landing content and approved testimonials; admin saves invalidate it. */
export const siteQueryKey = ['site'] as const

export function getSite() {
  return request(api.GET('/site'), 'Failed to load site settings')
}

/** One request per visit, refreshed after admin saves. */
export function siteQueryOptions() {
  return queryOptions({ queryKey: siteQueryKey, queryFn: getSite, staleTime: 5 * 60_000 })
}

/** The public site settings and content. */
export function useSite() {
  return useQuery(siteQueryOptions())
}

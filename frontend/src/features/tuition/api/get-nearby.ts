import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { nearbyQueryKey } from './keys'
import { nearbyApiQuery, type NearbyParams } from './nearby-query'

export type { NearbyParams } from './nearby-query'

/** GET /tuition/nearby: nearest (or newest) first; the filters (ids, and the tutor's own subjects and classes) are applied by the server. */
export function getNearby(params: NearbyParams) {
  return request(api.GET('/tuition/nearby', { params: { query: nearbyApiQuery(params) } }), MESSAGES.fetchNearbyFailed)
}

/** A new search keeps showing the previous results until its own arrive. */
export function nearbyQueryOptions(params: NearbyParams) {
  return queryOptions({
    queryKey: [...nearbyQueryKey, params],
    queryFn: () => getNearby(params),
    placeholderData: keepPreviousData,
  })
}

/**
 * How many requests each filter choice would list (GET /tuition/nearby/facets): asked only when the
 * tutor turns to the filters, its code loaded then too. The order changes no count.
 */
export function useNearbyFacets(params: NearbyParams, { enabled }: { enabled: boolean }) {
  const counted = { ...params, sort: 'distance' as const }
  return useQuery({
    queryKey: [...nearbyQueryKey, 'facets', counted],
    queryFn: () => import('./nearby-facets').then((m) => m.getNearbyFacets(counted)),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** Only a subscribed tutor asks: without a subscription nothing is fetched (SPEC §4). */
export function useNearby(params: NearbyParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...nearbyQueryOptions(params), enabled })
}

import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { nearbyApiQuery, type NearbyParams } from './nearby-query'

/** What each filter choice of a search would list: per subject and class id, and all vs mine. */
export type NearbyFacets = components['schemas']['NearbyFacetsDto']

/** GET /tuition/nearby/facets: subscribed tutors only (the server refuses anyone else). */
export function getNearbyFacets(params: NearbyParams): Promise<NearbyFacets> {
  return request(
    api.GET('/tuition/nearby/facets', { params: { query: nearbyApiQuery(params) } }),
    'Failed to count nearby requests',
  )
}

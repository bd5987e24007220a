import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/constants'
import { nearbyQueryKey } from './keys'
import type { NearbyRequestV2 } from './types'

export interface NearbyParams {
  lat: number
  lng: number
  radiusKm: number
  /** Vocabulary ids; '' for any. */
  subjectId: string
  classId: string
  board: string
  mode: string
}

/** GET /tuition/nearby: nearest first; the subject, class, board and mode filters (ids) are applied by the server. */
export async function getNearby({ lat, lng, radiusKm, subjectId, classId, board, mode }: NearbyParams) {
  // Issue 20's id filters are not in the OpenAPI document yet: the query is built apart from the call.
  const query = {
    coordinates: JSON.stringify([lng, lat]),
    radiusKm,
    subjectId: subjectId || undefined,
    classId: classId || undefined,
    board: board || undefined,
    mode: mode || undefined,
  }
  const list = await request(api.GET('/tuition/nearby', { params: { query } }), MESSAGES.fetchNearbyFailed)
  return list as NearbyRequestV2[]
}

/** A new search keeps showing the previous results until its own arrive. */
export function nearbyQueryOptions(params: NearbyParams) {
  return queryOptions({
    queryKey: [...nearbyQueryKey, params],
    queryFn: () => getNearby(params),
    placeholderData: keepPreviousData,
  })
}

/** Only a subscribed tutor asks: without a subscription nothing is fetched (SPEC §4). */
export function useNearby(params: NearbyParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...nearbyQueryOptions(params), enabled })
}

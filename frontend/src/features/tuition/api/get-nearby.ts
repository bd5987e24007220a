import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths } from '@/api/types'
import type { TermIds } from '@/features/vocabulary'
import { MESSAGES } from '@/lib/messages'
import { nearbyQueryKey } from './keys'

type NearbyQuery = NonNullable<ApiPaths['/tuition/nearby']['get']['parameters']['query']>

export interface NearbyParams {
  lat: number
  lng: number
  radiusKm: number
  /** Vocabulary ids; '' for any. */
  subjectId: TermIds['subjects'] | ''
  classId: TermIds['classes'] | ''
  board: TermIds['boards'] | ''
  mode: TermIds['modes'] | ''
}

/** GET /tuition/nearby: nearest first; the subject, class, board and mode filters (ids) are applied by the server. */
export function getNearby({ lat, lng, radiusKm, subjectId, classId, board, mode }: NearbyParams) {
  const query: NearbyQuery = {
    coordinates: JSON.stringify([lng, lat]),
    radiusKm,
    subjectId: subjectId || undefined,
    classId: classId || undefined,
    board: board || undefined,
    mode: mode || undefined,
  }
  return request(api.GET('/tuition/nearby', { params: { query } }), MESSAGES.fetchNearbyFailed)
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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/constants'
import { nearbyQueryKey } from './keys'

export interface NearbyParams {
  lat: number
  lng: number
  radiusKm: number
  classLevel: string
  subject: string
}

/** GET /tuition/nearby: nearest first; the class and subject filters are applied by the server. */
export function getNearby({ lat, lng, radiusKm, classLevel, subject }: NearbyParams) {
  return request(
    api.GET('/tuition/nearby', {
      params: {
        query: {
          coordinates: JSON.stringify([lng, lat]),
          radiusKm,
          classLevel: classLevel.trim() || undefined,
          subject: subject.trim() || undefined,
        },
      },
    }),
    MESSAGES.fetchNearbyFailed,
  )
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

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'
import { nearbyQueryKey } from './keys'

/** How many open requests the nearby search would list: the number alone. */
export type NearbyCount = components['schemas']['NearbyCountDto']

export const NEARBY_COUNT_FAILED = 'Failed to count nearby requests'

/** GET /tuition/nearby/count: open requests in the saved area (404 `area_not_set` without one). */
export function getNearbyCount() {
  return request(api.GET('/tuition/nearby/count'), NEARBY_COUNT_FAILED)
}

export function nearbyCountQueryOptions() {
  return queryOptions({ queryKey: [...nearbyQueryKey, 'count'], queryFn: getNearbyCount, retry: false })
}

/**
 * For a tutor without a subscription: how many requests they would see (a number, nothing
 * else). Asked only once the tutor has an area: without one the server could only refuse.
 */
export function useNearbyCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...nearbyCountQueryOptions(), enabled })
}

/** "12 requests within 10 km of you", in the language shown. */
export function nearbyCountText({ count, radiusKm }: NearbyCount): string {
  return i18n.t('tuition:count', { count, km: radiusKm })
}

import { useQuery } from '@tanstack/react-query'
import { PLACE_QUERY_MIN, placeSearchQueryOptions } from '@/components/places/api'
import type { PlaceValue } from '@/components/places/types'

/**
 * The place a shared link names (`/tutors?place=110024`): the first of GET /places?q=…, or null
 * when nothing matches (the same query, and cache, as the place search's suggestions).
 */
export function useResolvedPlace(text: string) {
  const q = text.trim()
  return useQuery({
    ...placeSearchQueryOptions(q),
    enabled: q.length >= PLACE_QUERY_MIN,
    placeholderData: undefined,
    select: (places: PlaceValue[]) => places[0] ?? null,
  })
}

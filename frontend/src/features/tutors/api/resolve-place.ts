import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Place } from '@/api/discovery-types'
import { callJson, queryString } from '@/api/json'
import { tutorsQueryKey } from './keys'

export const PLACE_LOOKUP_FAILED = 'Could not look up that place. Please try again.'

/**
 * The place a shared link names (`/tutors?place=110024`): the first of GET /places?q=…, or null
 * when nothing matches. Static data on the server, so it is cached for the session.
 */
export async function resolvePlace(text: string): Promise<Place | null> {
  const { data } = await callJson<Place[]>('GET', `/places${queryString({ q: text })}`, PLACE_LOOKUP_FAILED)
  return data[0] ?? null
}

export function useResolvedPlace(text: string) {
  const q = text.trim()
  return useQuery(
    queryOptions({
      queryKey: [...tutorsQueryKey, 'place', q],
      queryFn: () => resolvePlace(q),
      enabled: q.length >= 2,
      staleTime: Infinity,
    }),
  )
}

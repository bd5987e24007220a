import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { TutorSearchQuery, TutorSearchResult } from '@/api/discovery-types'
import { callJson, queryString } from '@/api/json'
import { tutorsQueryKey } from './keys'

export const SEARCH_TUTORS_FAILED = 'Could not load tutors. Please try again.'

/** GET /tutors/search (public): tutors whose teaching area covers the point, 20 a page. */
export async function searchTutors(query: TutorSearchQuery): Promise<TutorSearchResult> {
  const { location, ...rest } = query
  const qs = queryString({ location: JSON.stringify(location), ...rest, verified: rest.verified ? true : undefined })
  return (await callJson<TutorSearchResult>('GET', `/tutors/search${qs}`, SEARCH_TUTORS_FAILED)).data
}

export function searchTutorsQueryOptions(query: TutorSearchQuery) {
  return queryOptions({
    queryKey: [...tutorsQueryKey, 'search', query],
    queryFn: () => searchTutors(query),
    // Paging and filtering keep the last results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  })
}

export function useSearchTutors(query: TutorSearchQuery | null) {
  return useQuery({
    ...searchTutorsQueryOptions(query ?? { location: [0, 0] }),
    enabled: query !== null,
  })
}

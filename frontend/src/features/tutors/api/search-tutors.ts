import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { TutorSearchQuery, TutorSearchResult } from '@/api/discovery-types'
import { tutorsQueryKey } from './keys'
import { i18n } from '@/lib/i18n'

/** GET /tutors/search (public): tutors whose teaching area covers the point, 20 a page. */
export function searchTutors(query: TutorSearchQuery, signal?: AbortSignal): Promise<TutorSearchResult> {
  const { location, ...rest } = query
  const params = { ...rest, location: JSON.stringify(location), verified: rest.verified ? true : undefined }
  return request(api.GET('/tutors/search', { params: { query: params }, signal }), i18n.t('tutors:search.failed'))
}

export function searchTutorsQueryOptions(query: TutorSearchQuery) {
  return queryOptions({
    queryKey: [...tutorsQueryKey, 'search', query],
    queryFn: ({ signal }) => searchTutors(query, signal),
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

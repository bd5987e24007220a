import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'

export const VOCABULARY_FAILED = 'Could not load the list of subjects and classes.'

export const vocabularyQueryKey = ['vocabulary'] as const

/** GET /api/vocabulary: subjects, classes, boards and modes (public; the server caches it for an hour). */
export function getVocabulary() {
  return request(api.GET('/vocabulary'), VOCABULARY_FAILED)
}

export function vocabularyQueryOptions() {
  return queryOptions({
    queryKey: vocabularyQueryKey,
    queryFn: getVocabulary,
    staleTime: 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
  })
}

/** The vocabulary, fetched once a session (ids never change; labels rarely). */
export function useVocabulary() {
  return useQuery(vocabularyQueryOptions())
}

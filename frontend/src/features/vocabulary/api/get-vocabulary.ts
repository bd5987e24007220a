import { queryOptions, useQuery } from '@tanstack/react-query'
import { getJson } from '@/api/get-json'
import type { Vocabulary } from './types'

export const VOCABULARY_FAILED = 'Could not load the list of subjects and classes.'

export const vocabularyQueryKey = ['vocabulary'] as const

/** GET /api/vocabulary: subjects, classes, boards and modes (public; the server caches it for an hour). */
export function getVocabulary() {
  return getJson<Vocabulary>('/vocabulary', {}, VOCABULARY_FAILED)
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

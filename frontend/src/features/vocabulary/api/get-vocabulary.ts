import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { useLanguage } from '@/lib/i18n'
import type { Language } from '@/lib/i18n-languages'

export const VOCABULARY_FAILED = 'Could not load the list of subjects and classes.'

/** One entry per language: the ids are the same, the labels are the reader's. */
export const vocabularyQueryKey = (language: Language) => ['vocabulary', language] as const

/**
 * GET /api/vocabulary: subjects, classes, boards and modes, labelled in the language the client
 * asks in (public; the server caches it for an hour).
 */
export function getVocabulary() {
  return request(api.GET('/vocabulary'), VOCABULARY_FAILED)
}

export function vocabularyQueryOptions(language: Language) {
  return queryOptions({
    queryKey: vocabularyQueryKey(language),
    queryFn: getVocabulary,
    staleTime: 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
  })
}

/** The vocabulary in the reader's language, fetched once a session per language (ids never change). */
export function useVocabulary() {
  return useQuery(vocabularyQueryOptions(useLanguage()))
}

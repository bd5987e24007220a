import type { QueryClient } from '@tanstack/react-query'

/**
 * Answers the server labels in the reader's language (the vocabulary's terms on tutor cards, profiles,
 * teaching areas and recommendations; a request's subject and class in the parent's own requests, a
 * tutor's nearby search, the admin's list of every request and the report queue): fetched again once
 * the language changes, so the server stays the one source of the labels. (The vocabulary itself is
 * kept per language under its own key.)
 */
export const LANGUAGE_DEPENDENT_QUERY_KEYS = [
  ['tutors'],
  ['recommendations'],
  ['tuition', 'mine'],
  ['tuition', 'nearby'],
  ['admin', 'requests'],
  ['admin', 'reports'],
] as const

/** Marks those answers stale and refetches the ones on screen, in the language now shown. */
export function refetchInNewLanguage(queryClient: QueryClient) {
  return Promise.all(LANGUAGE_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

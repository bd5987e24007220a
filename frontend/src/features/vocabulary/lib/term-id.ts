import type { components } from '@/api/schema'
import { OTHER, type Facet, type Vocabulary } from '../api/types'

type RequestBody = components['schemas']['RequestBody']

/**
 * Each list's ids as the API's types name them (the OpenAPI document enumerates the server's
 * vocabulary); 'other' is not among them.
 */
export interface TermIds {
  subjects: Exclude<NonNullable<RequestBody['subjectId']>, typeof OTHER>
  classes: Exclude<NonNullable<RequestBody['classId']>, typeof OTHER>
  boards: NonNullable<RequestBody['board']>
  modes: NonNullable<RequestBody['mode']>
}

/** Whether the vocabulary has `id` in that list, as the id type the API takes. */
export function isTermId<F extends Facet>(
  vocab: Vocabulary | undefined | null,
  facet: F,
  id: string | null | undefined,
): id is TermIds[F] {
  return !!id && id !== OTHER && !!vocab?.[facet].some((t) => t.id === id)
}

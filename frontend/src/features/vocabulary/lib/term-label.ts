import { i18n } from '@/lib/i18n'
import { OTHER, type Facet, type Term, type Vocabulary } from '../api/types'

/**
 * The label of a vocabulary id ('maths' → 'Mathematics'). An id the list does not have (or the
 * vocabulary not loaded yet) reads as `fallback` when given, else as the id itself; 'other' reads as
 * `fallback` or 'Other'; no id reads as ''.
 */
export function termLabel(
  vocab: Vocabulary | undefined | null,
  facet: Facet,
  id: string | null | undefined,
  fallback?: string | null,
): string {
  if (!id) return fallback ?? ''
  if (id === OTHER) return fallback || i18n.t('shared:vocabulary.other')
  const term = vocab?.[facet].find((t) => t.id === id)
  return term?.label ?? fallback ?? id
}

function normalize(text: string) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * The term free text names, by id, label or synonym, ignoring case and punctuation (a light copy of
 * the server's `resolve`, for showing a choice as the server will read it; the server decides).
 */
export function findTerm(vocab: Vocabulary | undefined | null, facet: Facet, text: string): Term | undefined {
  const key = normalize(text)
  if (!key || !vocab) return undefined
  return vocab[facet].find(
    (t) =>
      normalize(t.id) === key || normalize(t.label) === key || (t.synonyms ?? []).some((s) => normalize(s) === key),
  )
}

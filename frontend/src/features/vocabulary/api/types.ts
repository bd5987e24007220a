import type { components } from '@/api/schema'

/**
 * The vocabulary as GET /api/vocabulary sends it. A term's id is stable ('maths', 'class-10',
 * 'cbse', 'home'), or 'other' beside free text; its label is what a person reads ('Mathematics').
 */
export type Term = components['schemas']['TermDto']

export type Vocabulary = components['schemas']['VocabularyDto']

/** Which list of the vocabulary. */
export type Facet = keyof Vocabulary

/** The id of 'Other': the text beside it says what. */
export const OTHER = 'other'

/** A teaching mode: at the student's home or online. */
export type Mode = 'home' | 'online'

/**
 * Issue 20's vocabulary as GET /api/vocabulary sends it. Written to match the shapes the issue
 * fixes until the OpenAPI document lists the path; then these become the generated types.
 */
export interface Term {
  /** Stable id ('maths', 'class-10', 'cbse', 'home'), or 'other' beside free text. */
  id: string
  /** What a person reads ('Mathematics'). */
  label: string
  synonyms?: string[]
}

export interface Vocabulary {
  subjects: Term[]
  classes: Term[]
  boards: Term[]
  modes: Term[]
}

/** Which list of the vocabulary. */
export type Facet = keyof Vocabulary

/** The id of 'Other': the text beside it says what. */
export const OTHER = 'other'

/** A teaching mode: at the student's home or online. */
export type Mode = 'home' | 'online'

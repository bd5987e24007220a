import type { TutorProfileChanges } from '../api/update-tutor'

export type TutorField = keyof TutorProfileChanges

/**
 * SPEC §2: the eight profile fields, in the order shown, with their labels (catalogue keys) and, where
 * an empty field says more than '-', its fallback.
 */
export const TUTOR_FIELDS: readonly { key: TutorField; label: string; fallback?: string; multiline: boolean }[] = [
  { key: 'about', label: 'tutors:fields.about', fallback: 'tutors:fields.aboutEmpty', multiline: true },
  { key: 'subjects', label: 'tutors:fields.subjects', multiline: false },
  { key: 'availability', label: 'tutors:fields.availability', multiline: false },
  { key: 'methodology', label: 'tutors:fields.methodology', multiline: true },
  { key: 'testimonials', label: 'tutors:fields.testimonials', multiline: true },
  { key: 'education', label: 'tutors:fields.education', multiline: false },
  { key: 'fees', label: 'tutors:fields.fees', multiline: false },
  { key: 'demoOffer', label: 'tutors:fields.demoOffer', multiline: false },
]

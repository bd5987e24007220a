import type { TutorProfileChanges } from '../api/update-tutor'

export type TutorField = keyof TutorProfileChanges

/** SPEC §2: the eight profile fields, in the order shown, with their labels and fallbacks. */
export const TUTOR_FIELDS: readonly { key: TutorField; label: string; fallback: string; multiline: boolean }[] = [
  { key: 'about', label: 'Bio / About Me', fallback: 'No description yet.', multiline: true },
  { key: 'subjects', label: 'Subjects & Classes Offered', fallback: '-', multiline: false },
  { key: 'availability', label: 'Availability', fallback: '-', multiline: false },
  { key: 'methodology', label: 'Teaching Methodology / Style', fallback: '-', multiline: true },
  { key: 'testimonials', label: 'Student Testimonials', fallback: '-', multiline: true },
  { key: 'education', label: 'Education Qualification', fallback: '-', multiline: false },
  { key: 'fees', label: 'Fees', fallback: '-', multiline: false },
  { key: 'demoOffer', label: 'Demo Class Offer', fallback: '-', multiline: false },
]

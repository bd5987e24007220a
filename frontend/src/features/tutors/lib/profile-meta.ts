import type { DocumentMeta } from '@/lib/document-meta'
import { i18n } from '@/lib/i18n'
import type { TutorProfile } from '../api/get-tutor'

/**
 * A loaded profile's tab title and description: the tutor's name (the route's 'Tutor Profile'
 * while it loads, or when the tutor has given none) and what they teach.
 */
export function tutorProfileMeta(tutor: TutorProfile | undefined): Partial<DocumentMeta> {
  const name = tutor?.fullname.trim()
  if (!tutor || !name) return {}
  const subjects = tutor.subjects?.trim()
  return {
    title: name,
    description: subjects
      ? i18n.t('tutors:meta.descriptionSubjects', { name, subjects })
      : i18n.t('tutors:meta.description', { name }),
  }
}

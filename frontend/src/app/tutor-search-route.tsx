import TutorSearch from '@/features/tutors/routes/TutorSearch'

/**
 * /tutors with the pickers of other features composed in: the vocabulary and the subject picker
 * (features/vocabulary) and the place search (components/places).
 */
export default function TutorSearchRoute() {
  return <TutorSearch />
}

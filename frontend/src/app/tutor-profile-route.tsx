import { lazy, Suspense } from 'react'
import TutorProfile from '@/features/tutors/routes/TutorProfile'
import { withCatalogues } from '@/lib/i18n'

// The free times load after the profile, with their catalogue: the profile does not wait for them.
const AvailableSummary = lazy(
  withCatalogues(() => import('@/features/availability/components/AvailableSummary'), ['availability']),
)

/** /tutor/:id: the public profile with the tutor's "Available" summary (features do not import each other). */
export default function TutorProfileRoute() {
  return (
    <TutorProfile
      availability={(tutor) => (
        <Suspense fallback={null}>
          <AvailableSummary tutorId={tutor.id} tutorName={tutor.name} />
        </Suspense>
      )}
    />
  )
}

import { useProfile } from '@/features/profile/api/get-profile'
import { TutorCardSettings } from '@/features/profile/components/TutorCardSettings'
import TeachingAreaEditor from '@/features/tuition/components/TeachingAreaEditor'
import AvailabilityLink from './availability-link'
import { useSession } from '@/lib/session'

/**
 * A tutor's own sections of /profile, a file of their own: the card (photo, fee) and the teaching
 * area with its map picker. A parent's /profile does not load them.
 */
export default function ProfileTutorSections() {
  const stored = useSession().user
  const user = useProfile().data?.user ?? stored
  if (!user) return null
  return (
    <>
      <TutorCardSettings tutorId={user.id} email={user.email} name={user.fullname || user.email} />
      <AvailabilityLink />
      <TeachingAreaEditor />
    </>
  )
}

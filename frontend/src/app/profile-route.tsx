import { lazy } from 'react'
import NotificationSettings from '@/features/notifications/components/NotificationSettings'
import MyProfile from '@/features/profile/routes/MyProfile'
import { useSession } from '@/lib/session'

// A tutor's sections (card, teaching area, the map picker) are their own file, fetched beside this
// one when a tutor opens /profile (app/routes.tsx), so a parent's /profile does not carry them. No
// Suspense of their own: the screen shows once they are here, so nothing below them moves.
const ProfileTutorSections = lazy(() => import('./profile-tutor-sections'))

/** /profile with its sections from other features: a tutor's own, and everyone's e-mail settings. */
export default function ProfileRoute() {
  const { role } = useSession()
  return (
    <MyProfile
      sections={
        <>
          {role === 'tutor' && <ProfileTutorSections />}
          <NotificationSettings />
        </>
      }
    />
  )
}

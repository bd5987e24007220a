import NotificationSettings from '@/features/notifications/components/NotificationSettings'
import MyProfile from '@/features/profile/routes/MyProfile'
import TeachingAreaEditor from '@/features/tuition/components/TeachingAreaEditor'
import { useSession } from '@/lib/session'

/**
 * /profile with its sections from other features, as one lazy chunk: a tutor's teaching area (its
 * map still loads lazily, inside MapView) and everyone's e-mail settings.
 */
export default function ProfileRoute() {
  const { role } = useSession()
  return (
    <MyProfile
      sections={
        <>
          {role === 'tutor' && <TeachingAreaEditor />}
          <NotificationSettings />
        </>
      }
    />
  )
}

import { useEffect } from 'react'
import { useProfile } from '@/features/profile/api/get-profile'
import { updateSessionUser } from '@/lib/session'

/**
 * Mounted while logged in: keeps the stored user (role, subscription) fresh. A 401 here clears
 * the session and goes to /login through the API client (SPEC §4).
 */
export default function ProfileSync() {
  const { data } = useProfile()
  useEffect(() => {
    if (data?.user) updateSessionUser(data.user)
  }, [data])
  return null
}

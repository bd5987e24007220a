import { useEffect } from 'react'
import { useProfile } from '@/features/profile/api/get-profile'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { currentLanguage, LANGUAGE_CHOSEN_EVENT, setLanguage, type LanguageChosenEvent } from '@/lib/i18n'
import { updateSessionUser } from '@/lib/session'

/**
 * Mounted while logged in: keeps the stored user (role, subscription) fresh. A 401 here clears
 * the session and goes to /login through the API client (SPEC §4).
 *
 * The language is the account's, so that it follows the person to every device: the one stored on
 * the server is shown once the profile arrives, and a language the person picks while logged in is
 * stored there (their e-mails and notifications follow it too).
 */
export default function ProfileSync() {
  const { data } = useProfile()
  const { mutate: saveProfile } = useUpdateProfile()
  useEffect(() => {
    if (data?.user) updateSessionUser(data.user)
  }, [data])

  const accountLanguage = data?.user.language
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage())
      void setLanguage(accountLanguage, { source: 'account' })
  }, [accountLanguage])

  useEffect(() => {
    const store = (event: Event) => saveProfile({ language: (event as LanguageChosenEvent).detail.language })
    window.addEventListener(LANGUAGE_CHOSEN_EVENT, store)
    return () => window.removeEventListener(LANGUAGE_CHOSEN_EVENT, store)
  }, [saveProfile])
  return null
}

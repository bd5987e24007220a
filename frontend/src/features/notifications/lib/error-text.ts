import type { useTranslation } from '@/lib/i18n'
import { LOAD_NOTIFICATIONS_FAILED } from '../api/get-notifications'
import { MARK_READ_FAILED } from '../api/mark-read'
import { LOAD_PREFERENCES_FAILED, SAVE_PREFERENCES_FAILED } from '../api/preferences'
import { UNSUBSCRIBE_FAILED } from '../api/unsubscribe'

type Translate = ReturnType<typeof useTranslation>['t']

/**
 * The API layer's fallbacks (when the server sends no message) are English texts; shown in the
 * reader's language. A server's message is already in it.
 */
const OWN_TEXTS: Record<string, string> = {
  [LOAD_NOTIFICATIONS_FAILED]: 'notifications:errors.loadFailed',
  [MARK_READ_FAILED]: 'notifications:errors.markReadFailed',
  [LOAD_PREFERENCES_FAILED]: 'notifications:errors.loadSettingsFailed',
  [SAVE_PREFERENCES_FAILED]: 'notifications:errors.saveSettingsFailed',
  [UNSUBSCRIBE_FAILED]: 'notifications:errors.unsubscribeFailed',
}

export function notificationErrorText(t: Translate, message: string): string {
  const key = OWN_TEXTS[message]
  return key ? t(key) : message
}

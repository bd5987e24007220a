import type { useTranslation } from '@/lib/i18n'
import { MESSAGES } from '@/lib/constants'

type Translate = ReturnType<typeof useTranslation>['t']

/**
 * The chat's own refusals and the API's fallbacks arrive as the spec's English texts (the reducer and
 * the API layer keep them so); shown in the reader's language. A server's message is already in it.
 */
const OWN_TEXTS: Record<string, string> = {
  [MESSAGES.messageEmpty]: 'chat:errors.messageEmpty',
  [MESSAGES.chatNotReady]: 'chat:errors.notReady',
  [MESSAGES.loadMessagesFailed]: 'chat:errors.loadFailed',
  [MESSAGES.blockFailed]: 'chat:block.failed',
}

export function chatErrorText(t: Translate, message: string): string {
  const key = OWN_TEXTS[message]
  return key ? t(key) : message
}

import { i18n } from './i18n'
import type englishShared from '../locales/en/shared.json'

type MessageName = keyof (typeof englishShared)['messages']

/**
 * SPEC §8 defaults, shown when the server sends no message: `MESSAGES.loginFailed` is the `shared`
 * catalogue's `messages.loginFailed` in the language shown, read when it is shown. The catalogue test
 * counts each `MESSAGES.<name>` in the code as a use of `shared:messages.<name>`.
 */
export const MESSAGES: Readonly<Record<MessageName, string>> = new Proxy({} as Record<MessageName, string>, {
  get: (_, name) => (typeof name === 'string' ? i18n.t(`shared:messages.${name}`) : undefined),
})

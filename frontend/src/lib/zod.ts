import * as z from 'zod/mini'
import { i18n } from './i18n'

// zod, as the app's forms use it: its mini build, whose checks are functions that a bundle keeps
// only when a schema uses them (~16 KB less on the wire than the classic build).
// `jitless`: zod would otherwise probe `new Function('')` to compile faster object parsers, which
// the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and the
// browser reports as a CSP issue (Lighthouse best practices).
z.config({ jitless: true })

export { z }

/**
 * A check's message from the catalogues, read when the check fails (not when the schema is built), so
 * that it is in the language shown then: `z.minLength(1, translated('auth:validation.emailRequired'))`.
 */
export function translated(key: string) {
  return { error: () => i18n.t(key) }
}

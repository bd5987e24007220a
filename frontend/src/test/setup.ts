import { beforeEach } from 'vitest'
import { resetLanguage, startTestI18n } from './i18n'

// i18n with every catalogue at hand, in English: the tests assert what an English reader sees
// unless they switch the language themselves.
await startTestI18n()
beforeEach(resetLanguage)

// Pure tests (reducers, formatting) run in Node with no DOM at all: they say so with
// `// @vitest-environment node` and skip the browser shims, MSW and the fake socket below.
if (typeof window !== 'undefined') await import('./dom-setup')

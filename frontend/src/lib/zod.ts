import * as z from 'zod/mini'

// zod, as the app's forms use it: its mini build, whose checks are functions that a bundle keeps
// only when a schema uses them (~16 KB less on the wire than the classic build).
// `jitless`: zod would otherwise probe `new Function('')` to compile faster object parsers, which
// the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and the
// browser reports as a CSP issue (Lighthouse best practices).
z.config({ jitless: true })

export { z }

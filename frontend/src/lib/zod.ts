import { z } from 'zod'

// zod, as the app's forms use it. `jitless`: zod would otherwise probe `new Function('')` to compile
// faster object parsers, which the server's Content-Security-Policy (script-src 'self', no
// 'unsafe-eval') refuses and the browser reports as a CSP issue (Lighthouse best practices, issue 21).
z.config({ jitless: true })

export { z }

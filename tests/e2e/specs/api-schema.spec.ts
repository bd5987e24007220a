import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from '../support/fixtures'

const frontend = join(dirname(fileURLToPath(import.meta.url)), '../../../frontend')

// DESIGN.md §4: frontend/src/api/schema.ts must be what openapi-typescript makes of the running
// server's document; otherwise `npm run gen-api` was forgotten.
test('the frontend API types match the server OpenAPI document', async ({ baseURL }) => {
  execFileSync(process.execPath, [join(frontend, 'scripts/check-api.mjs'), `${baseURL}/api/openapi.json`], {
    cwd: frontend,
    stdio: 'inherit',
  })
})

// Fails when src/api/schema.ts differs from what openapi-typescript generates from the server's
// OpenAPI document. Usage: node scripts/check-api.mjs [URL or file]
// (default: $OPENAPI_URL, else the committed openapi.json that `just gen-api` writes with
// `hometutor openapi`). Fix with `just gen-api` (or `npm run gen-api` when openapi.json is current).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const source = process.argv[2] ?? process.env.OPENAPI_URL ?? join(root, 'openapi.json')
const require = createRequire(import.meta.url)
const pkg = require.resolve('openapi-typescript/package.json')
const bin = join(dirname(pkg), JSON.parse(readFileSync(pkg, 'utf8')).bin['openapi-typescript'])

const dir = mkdtempSync(join(tmpdir(), 'schema-'))
try {
  const fresh = join(dir, 'schema.ts')
  execFileSync(process.execPath, [bin, source, '-o', fresh], { stdio: ['ignore', 'ignore', 'inherit'] })
  const committed = readFileSync(join(root, 'src/api/schema.ts'), 'utf8')
  if (readFileSync(fresh, 'utf8') !== committed) {
    console.error(
      `src/api/schema.ts is stale against ${source}: run \`just gen-api\` (or \`npm run gen-api\` in frontend/) and commit it.`,
    )
    process.exit(1)
  }
  console.log(`src/api/schema.ts matches ${source}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// DESIGN.md §4: the committed types must be what openapi-typescript makes of the server's OpenAPI
// document: the committed openapi.json (`just gen-api` writes both), or OPENAPI_URL when set.
// The browser suite also checks them against the running server.
const source = process.env.OPENAPI_URL ?? 'openapi.json'

describe('generated API types', () => {
  it.skipIf(!process.env.OPENAPI_URL && !existsSync(source))('match the OpenAPI document', () => {
    let output = ''
    try {
      execFileSync(process.execPath, ['scripts/check-api.mjs', source], { stdio: 'pipe' })
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error)
    }
    expect(output).toBe('')
  })
})

import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { DESKTOP, PHONE } from '../support/helpers'

// Pictures for the README, refreshed on every run.
const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')

const PAGES = [
  ['landing', '/', 'Find Your Perfect Tutor'],
  ['register', '/register', 'Create Your Account'],
  ['login', '/login', 'Welcome Back'],
] as const

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', PHONE],
] as const) {
  test.describe(`screenshots (${device})`, () => {
    test.use({ viewport })
    for (const [name, path, heading] of PAGES) {
      test(`${name}-${device}.png`, async ({ page }) => {
        mkdirSync(out, { recursive: true })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await page.screenshot({ path: join(out, `${name}-${device}.png`), fullPage: name === 'landing' })
      })
    }
  })
}

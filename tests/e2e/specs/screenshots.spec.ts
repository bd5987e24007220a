import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { DESKTOP, PHONE, signUp } from '../support/helpers'

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

test('subscribe and payment-success, desktop and mobile (a tutor subscribing)', async ({ page }) => {
  mkdirSync(out, { recursive: true })
  await signUp(page, 'tutor', 'Meera Nair')
  await page.goto('/subscribe')
  const subscribe = page.getByRole('button', { name: 'Subscribe Now' })
  await expect(subscribe).toBeVisible()
  await page.screenshot({ path: join(out, 'subscribe-desktop.png'), fullPage: true })
  // On a phone the bottom bar is fixed: a full-page picture would show it across the middle.
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: join(out, 'subscribe-mobile.png') })

  await page.setViewportSize(DESKTOP)
  await subscribe.click()
  await page.getByRole('button', { name: 'Pay ₹499' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
  // The pointer is still where Pay was, over the result page's first button: no hover in the picture.
  await page.mouse.move(0, 0)
  await page.screenshot({ path: join(out, 'payment-success-desktop.png'), fullPage: true })
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: join(out, 'payment-success-mobile.png') })
})

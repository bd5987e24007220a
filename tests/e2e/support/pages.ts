import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

// Page-level steps the browser specs share: no map tiles (there is no internet here), pictures
// for the README, API calls as the logged-in user, and the simulated subscription.

const screenshots = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')

/** A valid 1×1 PNG, for uploads: the server checks that the content matches the extension. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Map tiles come from the internet: refuse them at once instead of waiting. */
export async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
}

/** A picture with nothing focused or hovered: the whole page, or (on a phone) what the screen shows. */
export async function picture(page: Page, name: string, fullPage = true) {
  mkdirSync(screenshots, { recursive: true })
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  // A whole page is drawn from the top: scrolled, the sticky header (and the skip link hidden above
  // it) would be drawn across the middle of the picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: join(screenshots, name), fullPage })
}

/** An API call as the user logged in on `page`. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`)
      return (await response.json()) as T
    },
    { method, path, body },
  ) as Promise<T>
}

export async function subscribe(page: Page) {
  await page.goto('/subscribe')
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  await expect(page).toHaveURL(/\/payment\/checkout\?order_id=/)
  await page.getByRole('button', { name: 'Pay ₹499' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 })
}

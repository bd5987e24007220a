import { expect, test } from '../support/fixtures'
import { createAccount, storageStateFor } from '../support/accounts'

// Installable, and the app's shell opens without a network from the service worker,
// which never keeps an API answer (they hold personal data).

test('the server serves the worker and the manifest fresh, with their content types and icons', async ({ request }) => {
  const worker = await request.get('/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/)
  expect(worker.headers()['cache-control']).toBe('no-cache')

  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  expect(manifest.headers()['cache-control']).toBe('no-cache')
  const body = (await manifest.json()) as {
    name: string
    short_name: string
    start_url: string
    display: string
    theme_color: string
    icons: { src: string; sizes: string; purpose: string }[]
  }
  expect(body).toMatchObject({ short_name: 'HomeTutor', start_url: '/', display: 'standalone' })
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ])
  for (const icon of body.icons) {
    const image = await request.get(icon.src)
    expect(image.headers()['content-type'], icon.src).toBe('image/png')
  }
})

test('offline, a reload still shows the app with "You are offline", and no API answer is kept', async ({
  browser,
  request,
}) => {
  const parent = await createAccount(request, 'parent', 'Anita Sharma')
  const base = process.env.E2E_BASE_URL!
  const context = await browser.newContext({ baseURL: base, storageState: storageStateFor(base, parent) })
  const page = await context.newPage()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0)
  // The worker has installed (its precache filled) and controls the page.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()

  const cached = await page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname)
    }
    return paths
  })
  expect(cached).toContain('/index.html')
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true)
  // The dashboard asked for the profile and the requests before going offline: none of it was kept.
  expect(cached.filter((path) => path === '/api' || path.startsWith('/api/'))).toEqual([])

  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0)
  await context.close()
})

import { expect, test } from '../support/fixtures'
import { PHONE } from '../support/helpers'

test('a logged-out visit to /dashboard lands on /login', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
})

test('an unknown path shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-us')
  await expect(page.getByRole('main').getByRole('link', { name: 'support@hometutor.in' })).toHaveAttribute(
    'href',
    'mailto:support@hometutor.in',
  )
})

test('unknown API paths stay JSON 404s', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint')
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('application/json')
})

test.describe('phone layout (375 px)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('shows the bottom bar and the drawer instead of the top bar', async ({ page }) => {
    await page.goto('/')
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' })
    await expect(bottom).toBeVisible()
    await expect(bottom.getByRole('link')).toHaveText(['Home', 'Tutors', 'About', 'Sign In', 'Sign Up'])
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden()
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await expect(drawer.getByRole('heading', { name: 'Home' })).toBeVisible()
    await expect(drawer.getByText('Guest')).toBeVisible()
    await drawer.getByRole('link', { name: 'Help & Support' }).click()
    await expect(page).toHaveURL(/\/support$/)
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('the bottom bar works as navigation', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })
})

test('the desktop top bar has no bottom bar', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeHidden()
})

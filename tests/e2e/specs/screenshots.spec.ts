import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '../support/fixtures'
import { DESKTOP, PHONE, signUp } from '../support/helpers'
import { offlineTiles, picture } from '../support/pages'

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

test('tutor profile, desktop and mobile (a tutor with a filled-in profile)', async ({ page }) => {
  mkdirSync(out, { recursive: true })
  const tutor = await signUp(page, 'tutor', 'Ravi Kumar')
  await page.goto(`/tutor/${encodeURIComponent(tutor.email.toLowerCase())}`)
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  const fields: [string, string][] = [
    ['Bio / About Me', 'Physics and maths tutor with eight years of experience preparing students for board exams.'],
    ['Subjects & Classes Offered', 'Physics, Maths — classes 9 to 12'],
    ['Availability', 'Weekday evenings, Saturday mornings'],
    ['Teaching Methodology / Style', 'Concepts first, then worked problems and weekly tests.'],
    ['Student Testimonials', '"My marks went from 60 to 88 in one term." — a class 10 student'],
    ['Education Qualification', 'M.Sc. Physics, Delhi University'],
    ['Fees', '₹600 per hour'],
    ['Demo Class Offer', 'First class free'],
  ]
  for (const [label, value] of fields) await page.getByRole('textbox', { name: label }).fill(value)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('First class free')).toBeVisible()
  // A fresh load: scrolled to the top, no snackbar, nothing focused or hovered.
  const path = new URL(page.url()).pathname
  await page.goto(path)
  await expect(page.getByText('First class free')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: join(out, 'tutor-profile-desktop.png'), fullPage: true })
  await page.setViewportSize(PHONE)
  await page.goto(path)
  await expect(page.getByText('First class free')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: join(out, 'tutor-profile-mobile.png') })
})

test('request form and dashboard on a phone (a parent posting a request)', async ({ page }) => {
  await offlineTiles(page)
  await signUp(page, 'parent', 'Asha Verma')
  await page.setViewportSize(PHONE)
  await page.goto('/request/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Tuition Request' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Chemistry' })
  await page.getByRole('combobox', { name: 'Class' }).selectOption({ label: 'Class 11' })
  await page.getByRole('textbox', { name: 'Preferred time' }).fill('Weekdays 5-7 PM')
  await page.getByRole('region', { name: 'Location map: click to place the marker' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('selected-location')).toHaveText(/^Selected location: /)
  // The same screens as the Hindi pictures (specs/hindi.spec.ts), for the README's two columns.
  await page.evaluate(() => window.scrollTo(0, 0))
  await picture(page, 'request-form-mobile.png', false)
  await page.getByRole('button', { name: 'Post Request' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const mine = page.getByRole('list', { name: 'My tuition requests' }).getByRole('listitem')
  await expect(mine.getByRole('heading', { name: 'Chemistry' })).toBeVisible()
  await page.reload()
  await expect(mine.getByRole('heading', { name: 'Chemistry' })).toBeVisible()
  await picture(page, 'dashboard-mobile.png', false)
})

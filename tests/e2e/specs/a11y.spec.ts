import { expect, test } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { realContact } from '../support/contact'
import { DESKTOP, PHONE, signUp } from '../support/helpers'
import { startServer, type RunningServer } from '../support/server'

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/support',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellations-and-refunds',
  '/features',
  '/tutor/someone%40example.com',
  '/login',
  '/register',
  '/verify-email',
  '/verify-email?token=abc&email=nobody%40example.com',
  '/verify-email-otp',
  '/no-such-page',
]

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`axe on public pages (${name})`, () => {
    test.use({ viewport })

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        // Let async states (e.g. the link verification answer) settle.
        await page.waitForLoadState('networkidle')
        await expectNoViolations(page)
      })
    }
  })
}

// The same pages in Hindi, as a browser that asks for Hindi first sees them: Devanagari text, the
// Hindi font and the longer labels must keep contrast, names and layout as clean as English.
for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`axe on public pages in Hindi (${name})`, () => {
    test.use({ viewport, locale: 'hi-IN' })

    for (const path of PUBLIC_PAGES) {
      test(`${path} in Hindi has no violations`, async ({ page }) => {
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expectNoViolations(page)
      })
    }
  })
}

test('register form with its validation messages has no violations', async ({ page }) => {
  await page.goto('/register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('You must agree to the Terms and Conditions')).toBeVisible()
  await expectNoViolations(page)
})

test('the reset password dialog has no violations and is keyboard operable', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot/Reset Password' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Email')).toBeVisible()
  await expectNoViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test.describe('phone drawer', () => {
  test.use({ viewport: PHONE })
  test('the open drawer has no violations', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoViolations(page)
  })
})

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/about')
  // A person presses Tab on the page they see: the app renders its first screen after the load
  // event (in slices), and a key pressed before it is there reaches an empty page.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`tutor profile (${name})`, () => {
    test.use({ viewport })
    test('a tutor’s own profile in view and edit mode has no violations', async ({ page }) => {
      const tutor = await signUp(page, 'tutor', 'Ravi Kumar')
      await page.goto(`/tutor/${encodeURIComponent(tutor.email.toLowerCase())}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
      await expect(page.getByText('No reviews yet.')).toBeVisible()
      await expectNoViolations(page)
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      await expect(page.getByRole('textbox', { name: 'Bio / About Me' })).toBeVisible()
      await expectNoViolations(page)
    })
  })
}

// The review form shows a day after a parent and a tutor have both written: this test runs on a
// server of its own, started with TEST_CLOCK=1, so it can move that server's clock alone.
let clockServer: RunningServer | undefined

test.afterAll(async () => {
  await clockServer?.stop()
})

test('the review rating asks for stars only after a submit and is keyboard operable', async ({ browser }) => {
  const server = (clockServer = await startServer('a11y-clock-server', { TEST_CLOCK: '1' }))
  const tutorContext = await browser.newContext({ baseURL: server.base })
  const tutorPage = await tutorContext.newPage()
  const tutor = await signUp(tutorPage, 'tutor', 'Ravi Kumar', server.mailUrl)
  const parentContext = await browser.newContext({ baseURL: server.base })
  const page = await parentContext.newPage()
  await signUp(page, 'parent', 'Asha Verma', server.mailUrl)
  await realContact(page, tutorPage, server)
  await tutorContext.close()
  await page.goto(`/tutor/${encodeURIComponent(tutor.email.toLowerCase())}`)
  const submit = page.getByRole('button', { name: 'Submit Review' })
  await expect(submit).toBeVisible()
  // No complaint before the parent has tried to submit.
  await expect(page.getByText('Please select a rating')).toHaveCount(0)
  await submit.click()
  await expect(page.getByText('Please select a rating')).toBeVisible()
  await expectNoViolations(page)
  // Tab into the rating, arrows choose the stars; choosing clears the message.
  await page.getByRole('textbox', { name: 'Comment' }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('radio', { name: '1 star' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked()
  await expect(page.getByText('2 stars selected')).toBeVisible()
  await expect(page.getByText('Please select a rating')).toHaveCount(0)
  await expectNoViolations(page)
  await parentContext.close()
})

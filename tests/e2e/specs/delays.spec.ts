import { expect, test, type Page } from '../support/fixtures'
import { fillRegistration, otpFrom, signUp, uniqueEmail, uniquePhone, waitForMail } from '../support/helpers'
import { api } from '../support/pages'

// SPEC §9's pauses before the screen moves on, each held to ±10 % on the browser's own clock
// (page.clock): the clock stops before the action, so the pause starts at a known instant
// whatever the server's speed, and only the test moves it on. No wall-clock waiting.

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

/** Stops the page's clock: from here on its timers fire only when the test runs the clock. */
async function stopClock(page: Page) {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1_000)
}

/**
 * Lets the page finish the work already queued (React commits effects, which start the timers,
 * in a task of their own): two round trips through the page's message queue. Not time: the clock
 * stays where it is.
 */
async function settle(page: Page) {
  for (let i = 0; i < 2; i += 1) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        }),
    )
  }
}

/** Runs the clock `before` ms (the screen must not have moved on), then on to `after` ms (it must have). */
async function expectPause(page: Page, ms: number, stillThere: () => Promise<void>, movedOn: () => Promise<void>) {
  await settle(page)
  const early = Math.round(ms * 0.9)
  const late = Math.round(ms * 1.1)
  await page.clock.runFor(early)
  await stillThere()
  await page.clock.runFor(late - early)
  await movedOn()
}

test('registering: the code screen follows 1 s after the success message', async ({ page }) => {
  const who = { fullname: 'Dev Malhotra', email: uniqueEmail('delay'), phone: uniquePhone(), password: 'Str0ng-pass!' }
  await fillRegistration(page, who)
  await stopClock(page)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Registration successful|verification code/i })).toBeVisible()
  await expectPause(
    page,
    1_000,
    () => expect(page).toHaveURL(/\/register$/),
    () => expect(page).toHaveURL(/\/verify-email-otp$/),
  )
})

test('verifying the code: signed in, then home 1 s later', async ({ page }) => {
  const who = { fullname: 'Dev Malhotra', email: uniqueEmail('delay'), phone: uniquePhone(), password: 'Str0ng-pass!' }
  await fillRegistration(page, who)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email-otp$/)
  const mail = await waitForMail(who.email, (m) => /Your verification code/.test(m.text))
  await page.getByLabel('Verification code').fill(otpFrom(mail))
  await stopClock(page)
  await page.getByRole('button', { name: 'Verify' }).click()
  // The message says the person is being signed in, then that they are.
  await expect(
    page.getByRole('status').filter({ hasText: 'You are signed in. Taking you to the home page…' }),
  ).toBeVisible()
  await expectPause(
    page,
    1_000,
    () => expect(page).toHaveURL(/\/verify-email-otp$/),
    () => expect(page).toHaveURL(/\/$/),
  )
})

test('resetting the password: the dialog closes 1.5 s after the success message', async ({ page }) => {
  const who = await signUp(page, 'parent', 'Dev Malhotra')
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot/Reset Password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await dialog.getByLabel('Email').fill(who.email)
  await dialog.getByRole('button', { name: 'Send OTP' }).click()
  const mail = await waitForMail(who.email, (m) => /password reset code/.test(m.text))
  const code = /password reset code:\s*(\d{6})/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no reset code in the e-mail:\n${mail.text}`)
  await dialog.getByLabel('One-time code').fill(code)
  await dialog.getByRole('textbox', { name: 'New password' }).fill('N3w-pass-word!')
  await stopClock(page)
  await dialog.getByRole('button', { name: 'Reset Password' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: /reset/i })).toBeVisible()
  await expectPause(
    page,
    1_500,
    // Open, then closing: the state the dialog's fade-out starts from (the fade itself, a CSS
    // animation waited for on a stopped clock, is the dialog library's).
    () => expect(dialog).toHaveAttribute('data-state', 'open'),
    () => expect(dialog).toHaveAttribute('data-state', 'closed'),
  )
})

test('editing a request: back to the dashboard 1.2 s after the success message', async ({ page }) => {
  await signUp(page, 'parent', 'Dev Malhotra')
  const created = await api<{ id: number }>(page, 'POST', '/api/tuition', {
    subjectId: 'maths',
    subject: 'Mathematics',
    classLevel: 'Class 9',
    preferredTime: 'Weekdays 5-7 PM',
    location: { type: 'Point', coordinates: [77.209, 28.6139] },
  })
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
  await page.goto(`/request/${created.id}/edit`)
  const time = page.getByRole('textbox', { name: 'Preferred time' })
  await expect(time).toHaveValue('Weekdays 5-7 PM')
  await time.fill('Weekends 10-12')
  await stopClock(page)
  await page.getByRole('button', { name: 'Update Request' }).click()
  await expect(page.getByText('Request updated successfully.')).toBeVisible()
  await expectPause(
    page,
    1_200,
    () => expect(page).toHaveURL(new RegExp(`/request/${created.id}/edit$`)),
    () => expect(page).toHaveURL(/\/dashboard$/),
  )
})

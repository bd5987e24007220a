import { expect, test, type Page } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { signUp } from '../support/helpers'

const DAY_MS = 24 * 3600 * 1000

/** What the server itself says about the logged-in tutor's subscription. */
function serverSubscription(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/payment/subscription-status', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    })
    return (await response.json()) as { subscriptionActive: boolean; subscriptionExpires: string | null }
  })
}

/** From the landing page, through the nav to /subscribe, Subscribe Now, to the simulated checkout. */
async function startCheckout(page: Page): Promise<string> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await nav.getByRole('link', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/subscribe$/)
  const card = page.getByRole('region', { name: 'Tutor Premium' })
  await expect(card).toContainText('₹499 per year')
  await expect(card).toContainText('just ₹1.37 per day')
  await expect(card.getByText('Best Value')).toBeVisible()
  // The server runs PAYMENT_MODE=simulated here: tutors are told payments are a demo.
  await expect(page.getByText(/^Demo payments: this site takes no real money/)).toBeVisible()
  await card.getByRole('button', { name: 'Subscribe Now' }).click()

  await expect(page).toHaveURL(/\/payment\/checkout\?order_id=/)
  await expect(page.getByText('Simulated payment — no money moves')).toBeVisible()
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? ''
  expect(orderId).not.toBe('')
  expect(await page.evaluate(() => localStorage.getItem('pendingOrderId'))).toBe(orderId)
  return orderId
}

test.describe('tutor subscription in simulated payment mode', () => {
  test('a tutor subscribes, the server confirms, and the result page shows a date one year ahead', async ({ page }) => {
    await signUp(page, 'tutor')
    const orderId = await startCheckout(page)
    // Starting a payment activates nothing.
    expect((await serverSubscription(page)).subscriptionActive).toBe(false)

    await page.getByRole('button', { name: 'Pay ₹499' }).click()
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?order_id=${orderId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
    await expect(page.getByText('This was a simulated payment')).toBeVisible()
    await expect(page.getByText('Annual Plan')).toBeVisible()

    // Valid Until: one year from today, shown as the date in the browser's own words.
    const validUntil = page.locator('dd time')
    const iso = (await validUntil.getAttribute('datetime')) ?? ''
    const oneYearAhead = new Date()
    oneYearAhead.setFullYear(oneYearAhead.getFullYear() + 1)
    expect(Math.abs(Date.parse(iso) - oneYearAhead.getTime())).toBeLessThan(DAY_MS)
    const shown = await page.evaluate(
      (at) => new Date(at).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }),
      iso,
    )
    await expect(validUntil).toHaveText(shown)
    expect(shown).toContain(String(oneYearAhead.getFullYear()))

    // The server agrees, the nav switched to Find Students, and the pending order is done.
    const status = await serverSubscription(page)
    expect(status.subscriptionActive).toBe(true)
    expect(Date.parse(status.subscriptionExpires ?? '')).toBe(Date.parse(iso))
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(nav.getByRole('link', { name: 'Find Students' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Subscribe' })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('pendingOrderId'))).toBeNull()

    // Back on /subscribe (a fresh load): the active state, from the server.
    await page.goto('/subscribe')
    await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible()
    await expect(page.getByText(`Valid until ${shown}`)).toBeVisible()
    await page.getByRole('link', { name: 'Find Students Near You' }).click()
    await expect(page).toHaveURL(/\/nearby$/)
  })

  test('a tutor who cancels on the checkout sees the verification fail and stays unsubscribed', async ({ page }) => {
    await signUp(page, 'tutor', 'Ravi Kumar')
    const orderId = await startCheckout(page)
    await page.getByRole('button', { name: 'Cancel' }).click()

    await expect(page).toHaveURL(new RegExp(`/payment-success\\?order_id=${orderId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('cancelled')
    await expect(page.getByText(/If money was deducted/)).toContainText(orderId)
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-us')
    expect((await serverSubscription(page)).subscriptionActive).toBe(false)
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(nav.getByRole('link', { name: 'Subscribe' })).toBeVisible()

    // An order id that is not this tutor's changes nothing either.
    await page.goto('/payment-success?order_id=not-my-order')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeVisible()
    expect((await serverSubscription(page)).subscriptionActive).toBe(false)

    await page.getByRole('link', { name: 'Try Again' }).click()
    await expect(page).toHaveURL(/\/subscribe$/)
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible()
  })

  test('a parent opening /subscribe is sent away', async ({ page }) => {
    await signUp(page, 'parent', 'Asha Verma')
    await page.goto('/subscribe')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'My Tuition Requests' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Tutor Premium' })).toHaveCount(0)
  })

  test('a logged-out visitor of /subscribe is told to log in and taken to /login', async ({ page }) => {
    await page.goto('/subscribe')
    await expect(page.getByRole('alert')).toContainText('Please log in to subscribe.')
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 })
  })
})

test('the subscribe, checkout and payment result pages have no axe violations (tutor)', async ({ page }) => {
  await signUp(page, 'tutor', 'Kavya Iyer')
  await page.goto('/subscribe')
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  await expect(page.getByRole('button', { name: 'Pay ₹499' })).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('button', { name: 'Pay ₹499' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
  await expectNoViolations(page)

  await page.goto('/subscribe')
  await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible()
  await expectNoViolations(page)

  await page.goto('/payment-success')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeVisible()
  await expectNoViolations(page)
})

import { expect, test, type Page } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { aDayPasses, writeTo } from '../support/contact'
import { PHONE, signUp } from '../support/helpers'
import { PIXEL_PNG } from '../support/pages'
import { startServer, type RunningServer } from '../support/server'

function profilePath(email: string): string {
  return `/tutor/${encodeURIComponent(email.toLowerCase())}`
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
}

// The review needs a day to pass after both have written: this test runs on a server of its own,
// started with TEST_CLOCK=1, so it can move that server's clock without touching the shared one's tests.
let clockServer: RunningServer | undefined

test.afterAll(async () => {
  await clockServer?.stop()
})

test('a tutor edits their profile; a parent sees it, cannot edit it, and reviews it after a real contact', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const server = (clockServer = await startServer('profiles-clock-server', { TEST_CLOCK: '1' }))
  const tutorContext = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 800 } })
  const page = await tutorContext.newPage()

  // The tutor opens their profile from the navigation.
  const tutor = await signUp(page, 'tutor', 'Ravi Kumar', server.mailUrl)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(new RegExp(`${profilePath(tutor.email).replace(/[.%]/g, '\\$&')}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await expect(page.getByRole('main').getByText(tutor.email, { exact: true })).toBeVisible()
  await expect(page.getByText('Subscription Inactive')).toBeVisible()
  await expect(page.getByText('No description yet.')).toBeVisible()
  await expectNoViolations(page)

  // Edit, cancel: nothing changes.
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByRole('textbox', { name: 'Bio / About Me' }).fill('Not saved')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('No description yet.')).toBeVisible()

  // Edit and save.
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await expect(page.getByRole('textbox', { name: 'Bio / About Me' })).toHaveValue('')
  await expectNoViolations(page)
  await page
    .getByRole('textbox', { name: 'Bio / About Me' })
    .fill('Physics and maths tutor with eight years of experience.')
  await page.getByRole('textbox', { name: 'Subjects & Classes Offered' }).fill('Physics, Maths — classes 9 to 12')
  await page.getByRole('textbox', { name: 'Fees' }).fill('₹600 per hour')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Profile updated successfully.')
  await expect(page.getByRole('textbox', { name: 'Bio / About Me' })).toBeHidden()
  await expect(page.getByText('Physics and maths tutor with eight years of experience.')).toBeVisible()
  await expect(page.getByText('₹600 per hour')).toBeVisible()
  // Stored on the server, not just shown.
  await page.reload()
  await expect(page.getByText('Physics, Maths — classes 9 to 12')).toBeVisible()

  // A parent, in a browser of their own.
  const parentContext = await browser.newContext({
    baseURL: server.base,
    viewport: { width: 1280, height: 800 },
  })
  const parent = await parentContext.newPage()
  await signUp(parent, 'parent', 'Asha Verma', server.mailUrl)
  await parent.goto(profilePath(tutor.email))
  await expect(parent.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await expect(parent.getByText('Physics and maths tutor with eight years of experience.')).toBeVisible()
  await expect(parent.getByText('No reviews yet.')).toBeVisible()
  await expect(parent.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)

  // Reviews come from a real contact: no form until both have written and a day has passed.
  const submit = parent.getByRole('button', { name: 'Submit Review' })
  const bothMustWrite =
    'You can review this tutor once you have both written to each other in chat and a day has passed.'
  await expect(parent.getByText(bothMustWrite)).toBeVisible()
  await expect(submit).toHaveCount(0)
  await writeTo(parent, page, 'Hello, do you teach Class 10 physics?')
  await parent.reload()
  await expect(parent.getByText(bothMustWrite)).toBeVisible()
  // The tutor answers: the parent is told from when they may review.
  await writeTo(page, parent, 'Yes, shall we start with a demo class?')
  await parent.reload()
  await expect(
    parent.getByText(/^You can review this tutor from .+: a day after you both first wrote to each other\.$/),
  ).toBeVisible()
  await expect(submit).toHaveCount(0)
  await expectNoViolations(parent)
  await aDayPasses(server)
  await parent.reload()

  // The rating is required: said after a submit without one, never before; then a 4-star review.
  await expect(submit).toBeVisible()
  await expect(parent.getByText('Please select a rating')).toHaveCount(0)
  await submit.click()
  await expect(parent.getByText('Please select a rating')).toBeVisible()
  await expectNoViolations(parent)
  await parent.getByRole('radio', { name: '4 stars' }).click()
  await parent.getByRole('textbox', { name: 'Comment' }).fill('Patient and clear.')
  await expect(parent.getByText('Please select a rating')).toHaveCount(0)
  await submit.click()
  await expectToast(parent, 'Review submitted successfully!')
  await expect(parent.getByTestId('rating-average')).toHaveText('4.0')
  await expect(parent.getByTestId('rating-count')).toHaveText('1 review')
  const reviews = parent.getByRole('list', { name: 'Reviews' })
  await expect(reviews.getByText('Patient and clear.')).toBeVisible()
  await expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  // Their review is pre-filled now: a second one replaces it.
  await expect(parent.getByText(/submitting again updates your review/)).toBeVisible()
  await expect(parent.getByRole('radio', { name: '4 stars' })).toBeChecked()

  // The tutor sees the review and no review form.
  await page.reload()
  await expect(page.getByTestId('rating-average')).toHaveText('4.0')
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0)
  await parentContext.close()
  await tutorContext.close()
})

test('a missing tutor shows "Tutor not found." with the id and the answer in words, no raw JSON', async ({ page }) => {
  await page.goto('/tutor/nobody%40example.com')
  await expect(page.getByText('Tutor not found.', { exact: true })).toBeVisible()
  const details = page.getByText(/^We looked for “nobody@example.com”\. The server answered: .*HTTP 404/)
  await expect(details).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).not.toContainText('{')
  await expect(main).not.toContainText('"id"')
  await main.getByRole('link', { name: 'Find a tutor' }).click()
  await expect(page).toHaveURL(/\/tutors$/)
})

test('uploads on the features page: single file, too large, delete', async ({ page }) => {
  await page.goto('/features')
  await page.getByRole('tab', { name: 'File Upload' }).click()
  await expect(page.getByText('Please log in to test the upload feature')).toBeVisible()

  await signUp(page, 'parent', 'Asha Verma')
  await page.goto('/features')
  await page.getByRole('tab', { name: 'File Upload' }).click()
  const single = page.getByRole('region', { name: 'Single File Upload' })
  await expect(single.getByRole('button', { name: 'Choose File' })).toBeVisible()
  await expectNoViolations(page)

  // Over 5 MB: refused in the browser, nothing sent.
  let uploads = 0
  page.on('request', (r) => {
    if (r.url().includes('/api/upload/')) uploads += 1
  })
  await page.getByTestId('upload-input-single').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  })
  await expect(single.getByText('File big.png is too large. Maximum size is 5MB.')).toBeVisible()
  expect(uploads).toBe(0)

  // A small PNG.
  await page.getByTestId('upload-input-single').setInputFiles({
    name: 'pixel.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  })
  await expect(single.getByText('File uploaded successfully!')).toBeVisible()
  const link = single.getByRole('link', { name: 'pixel.png' })
  await expect(link).toBeVisible()
  const href = await link.getAttribute('href')
  expect(href).toMatch(/\/api\/uploads\//)
  const served = await page.request.get(href ?? '')
  expect(served.status()).toBe(200)
  // Stored decoded and encoded again (no metadata, nothing smuggled): still a PNG, served in a sandbox.
  expect(served.headers()['content-type']).toBe('image/png')
  expect(served.headers()['content-security-policy']).toBe("sandbox; default-src 'none'")
  expect(Buffer.from(await served.body()).subarray(0, 8).equals(PIXEL_PNG.subarray(0, 8))).toBe(true)
  await expectNoViolations(page)

  await single.getByRole('button', { name: 'Delete pixel.png' }).click()
  await expectToast(page, 'File deleted successfully!')
  await expect(link).toHaveCount(0)
  expect((await page.request.get(href ?? '')).status()).toBe(404)
})

test.describe('phone', () => {
  test.use({ viewport: PHONE })
  test('a tutor edits their profile on a 375 px screen', async ({ page }) => {
    const tutor = await signUp(page, 'tutor', 'Ravi Kumar')
    await page.goto(profilePath(tutor.email))
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByRole('textbox', { name: 'Availability' }).fill('Weekday evenings')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Weekday evenings')).toBeVisible()
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoViolations(page)
  })
})

import { expect, test, type Page } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { PHONE, signUp } from '../support/helpers'
import { PIXEL_PNG } from '../support/pages'

function profilePath(email: string): string {
  return `/tutor/${encodeURIComponent(email.toLowerCase())}`
}

/** Sends a chat message as the logged-in user of `page` to the tutor with this e-mail (REST). */
async function writeTo(page: Page, tutorEmail: string, text: string) {
  const status = await page.evaluate(
    async ({ tutorEmail, text }) => {
      const auth = { Authorization: `Bearer ${localStorage.getItem('token')}` }
      const tutor = (await (await fetch(`/api/tutors/${encodeURIComponent(tutorEmail)}`)).json()) as { id: number }
      const sent = await fetch('/api/messages', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ to: tutor.id, text }),
      })
      return sent.status
    },
    { tutorEmail, text },
  )
  expect(status).toBe(201)
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
}

test('a tutor edits their profile; a parent sees it, cannot edit it, and reviews it', async ({ page, browser }) => {
  test.setTimeout(120_000)

  // The tutor opens their profile from the navigation.
  const tutor = await signUp(page, 'tutor', 'Ravi Kumar')
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
    viewport: { width: 1280, height: 800 },
  })
  const parent = await parentContext.newPage()
  await signUp(parent, 'parent', 'Asha Verma')
  await parent.goto(profilePath(tutor.email))
  await expect(parent.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await expect(parent.getByText('Physics and maths tutor with eight years of experience.')).toBeVisible()
  await expect(parent.getByText('No reviews yet.')).toBeVisible()
  await expect(parent.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)

  // The rating is required: said after a submit without one, never before; then a 4-star review.
  const submit = parent.getByRole('button', { name: 'Submit Review' })
  await expect(parent.getByText('Please select a rating')).toHaveCount(0)
  await submit.click()
  await expect(parent.getByText('Please select a rating')).toBeVisible()
  await expectNoViolations(parent)
  await parent.getByRole('radio', { name: '4 stars' }).click()
  await parent.getByRole('textbox', { name: 'Comment' }).fill('Patient and clear.')
  await expect(parent.getByText('Please select a rating')).toHaveCount(0)
  // A parent who has never been in touch with the tutor cannot rate them.
  await submit.click()
  await expect(parent.getByText('You can review a tutor after you have been in touch.')).toBeVisible()
  // Once the parent has written to the tutor, the review goes through.
  await writeTo(parent, tutor.email, 'Hello, do you teach Class 10 physics?')
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

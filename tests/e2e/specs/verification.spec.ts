import { expect, test, type APIRequestContext, type Page } from '../support/fixtures'
import { otpFrom, uniqueEmail, uniquePhone, waitForMail } from '../support/helpers'
import { PIXEL_PNG } from '../support/pages'

const PASSWORD = 'Str0ng-pass!'
const PDF = Buffer.from('%PDF-1.4\n' + ' '.repeat(200) + '%%EOF\n')

/** Registers and verifies a person through the API (the sign-up screens have their own specs). */
async function apiUser(request: APIRequestContext, role: 'parent' | 'tutor', fullname: string) {
  const email = uniqueEmail(role)
  const registered = await request.post('/api/auth/register', {
    data: { fullname, email, phone: uniquePhone(), password: PASSWORD, role },
  })
  expect(registered.status(), await registered.text()).toBeLessThan(300)
  const mail = await waitForMail(email, (m) => /Your verification code/.test(m.text))
  const verified = await request.post('/api/verify/email-otp', { data: { email, otp: otpFrom(mail) } })
  expect(verified.status(), await verified.text()).toBeLessThan(300)
  return email
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('role'))).not.toBeNull()
}

test('a tutor sends documents, an admin approves the checks that passed, and a parent sees the badge', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const name = `Meera Verified ${String(Date.now()).slice(-6)}`
  const tutorEmail = await apiUser(request, 'tutor', name)
  const parentEmail = await apiUser(request, 'parent', 'Parent Viewer')

  // The tutor sends a masked Aadhaar and a degree from the Verification page.
  await logIn(page, tutorEmail, PASSWORD)
  await page.goto('/verification')
  await expect(page.getByText('You have not submitted documents yet.')).toBeVisible()
  const form = page.getByRole('form', { name: 'Verification' })
  await form.getByText('My Aadhaar is masked: only its last four digits are readable.').click()
  await form.getByRole('textbox', { name: /Qualification/ }).fill('B.Sc. Mathematics, Delhi University')
  await form.getByLabel(/ID document/).setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: PIXEL_PNG })
  await form
    .getByLabel(/Qualification proof/)
    .setInputFiles({ name: 'degree.pdf', mimeType: 'application/pdf', buffer: PDF })
  await form.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText('Your documents are waiting for review.')).toBeVisible()
  const tutorId = await page.evaluate(async () => {
    const token = localStorage.getItem('token')
    const res = await fetch('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })
    return ((await res.json()) as { user: { id: number } }).user.id
  })

  // An admin approves from the queue with the ID and qualification checks.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  const admin = await adminContext.newPage()
  await logIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!)
  await admin.goto('/admin?section=verification')
  const item = admin.getByRole('article', { name })
  await expect(item.getByRole('button', { name: 'Open ID document' })).toBeVisible()
  await item.getByText('ID', { exact: true }).click()
  await item.getByText('Qualification', { exact: true }).click()
  await item.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('Approved.')).toBeVisible()
  await adminContext.close()

  // A parent reads the badge, with only the checks that passed, on the tutor's profile.
  const parentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  const parent = await parentContext.newPage()
  await logIn(parent, parentEmail, PASSWORD)
  await parent.goto(`/tutor/${tutorId}`)
  const badge = parent.getByTestId('verification-badge')
  await expect(badge).toContainText('Verified · ID ✓ · Qualification ✓ · checked')
  await expect(badge).not.toContainText('Police')
  await parentContext.close()
})

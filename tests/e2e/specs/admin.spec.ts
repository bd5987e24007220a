import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '../support/fixtures'
import { adminLogin } from '../support/accounts'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, otpFrom, PHONE, uniqueEmail, waitForMail } from '../support/helpers'
import { api, PIXEL_PNG } from '../support/pages'

const screenshots = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')

let phoneCounter = 0

/** Registers, verifies (with the e-mailed code) and logs in a person through the API; returns their token. */
async function apiUser(request: APIRequestContext, role: 'parent' | 'tutor', fullname: string) {
  phoneCounter += 1
  const email = uniqueEmail(role)
  const password = 'Str0ng-pass!'
  const phone = `97${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`
  const registered = await request.post('/api/auth/register', {
    data: { fullname, email, phone, password, role },
  })
  expect(registered.status(), await registered.text()).toBeLessThan(300)
  const mail = await waitForMail(email, (m) => /Your verification code/.test(m.text))
  const verified = await request.post('/api/verify/email-otp', {
    data: { email, otp: otpFrom(mail) },
  })
  expect(verified.status(), await verified.text()).toBeLessThan(300)
  const login = await request.post('/api/auth/login', {
    data: { email, password },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  return { email, fullname, password, token }
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` }
}

/** Opens one admin section from the desktop side list. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name }).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
}

test('an admin finds and deactivates a user, flags a request and approves a testimonial for the landing page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const run = String(Date.now()).slice(-6)
  const victim = await apiUser(request, 'parent', `Deactivate Me ${run}`)
  const parent = await apiUser(request, 'parent', `Testimonial Parent ${run}`)
  const subject = `Biology ${run}`
  const posted = await request.post('/api/tuition', {
    headers: bearer(parent.token),
    data: {
      subject,
      classLevel: 'Class 9',
      preferredTime: 'Evenings',
      location: { type: 'Point', coordinates: [77.209, 28.6139] },
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  const quote = `My daughter loves her new maths tutor ${run}`
  const submitted = await request.post('/api/testimonials', {
    headers: bearer(parent.token),
    data: { text: quote },
  })
  expect(submitted.status(), await submitted.text()).toBeLessThan(300)
  // The victim can use the API before the admin acts.
  expect((await request.get('/api/auth/profile', { headers: bearer(victim.token) })).status()).toBe(200)

  await adminLogin(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Analytics & Reports' })).toBeVisible()
  await expect(page.getByText('Coming soon')).toBeVisible()

  // User Management: search, then deactivate with the row's switch.
  await openSection(page, 'User Management')
  await page.getByRole('searchbox', { name: 'Search' }).fill(victim.email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText(/Page 1 of 1 · 1 user$/)).toBeVisible()
  const row = page.getByRole('row', {
    name: new RegExp(victim.email.replace(/[.+]/g, '\\$&')),
  })
  await expect(row).toBeVisible()
  const active = row.getByRole('checkbox', { name: `Active: ${victim.email}` })
  await expect(active).toBeChecked()
  // Chakra's switch: the real input is hidden inside its <label>; click the switch as a person would.
  await row.locator('label', { has: page.getByRole('checkbox', { name: `Active: ${victim.email}` }) }).click()
  await expect(page.getByText(`${victim.email} deactivated`)).toBeVisible()
  await expect(active).not.toBeChecked()
  // The deactivated user's next API call is refused.
  expect((await request.get('/api/auth/profile', { headers: bearer(victim.token) })).status()).toBe(401)

  // Tuition Requests: flag with a reason.
  await openSection(page, 'Tuition Requests')
  await page.getByRole('button', { name: `Flag ${subject} request` }).click()
  const dialog = page.getByRole('dialog', { name: 'Flag request' })
  await dialog.getByLabel('Reason').fill('Duplicate posting')
  await dialog.getByRole('button', { name: 'Flag' }).click()
  const flaggedRow = page.getByRole('row').filter({ hasText: subject })
  await expect(flaggedRow.getByText('Flagged', { exact: true })).toBeVisible()
  await expect(flaggedRow.getByText('Reason: Duplicate posting')).toBeVisible()
  await expect(page.getByRole('button', { name: `Unflag ${subject} request` })).toBeVisible()

  // The parent who posted it reads the flag and its reason on their dashboard.
  const owner = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL })
  const ownerPage = await owner.newPage()
  await ownerPage.goto('/login')
  await ownerPage.getByLabel('Email').fill(parent.email)
  await ownerPage.getByRole('textbox', { name: 'Password', exact: true }).fill(parent.password)
  await ownerPage.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(ownerPage).toHaveURL(/\/dashboard$/)
  const mine = ownerPage
    .getByRole('list', { name: 'My tuition requests' })
    .getByRole('listitem')
    .filter({ hasText: subject })
  await expect(mine.getByText('Flagged', { exact: true })).toBeVisible()
  await expect(
    mine.getByText('Flagged by a HomeTutor admin. Reason: Duplicate posting.', { exact: false }),
  ).toBeVisible()
  await expect(mine).toContainText('Tutors do not see this request while it is flagged.')
  await owner.close()

  // Content Management: approve the parent's testimonial.
  await openSection(page, 'Content Management')
  const testimonial = page.getByRole('listitem').filter({ hasText: quote })
  await expect(testimonial.getByText('Pending')).toBeVisible()
  await testimonial.getByRole('button', { name: `Approve testimonial by ${parent.fullname}` }).click()
  await expect(testimonial.getByText('Approved')).toBeVisible()

  mkdirSync(screenshots, { recursive: true })
  // Pictures without the snackbars on top.
  await expect(page.getByText('Testimonial approved')).toBeHidden({ timeout: 10_000 })
  await openSection(page, 'User Management')
  await page.getByRole('searchbox', { name: 'Search' }).fill('')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.mouse.move(0, 0)
  await page.screenshot({
    path: join(screenshots, 'admin-desktop.png'),
    fullPage: true,
  })

  await page.setViewportSize(PHONE)
  await page.getByRole('combobox', { name: 'Admin section' }).selectOption('users')
  await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible()
  await page.screenshot({
    path: join(screenshots, 'admin-mobile.png'),
    fullPage: true,
  })

  // The landing page shows the approved testimonial to a visitor.
  const visitor = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL })
  const landing = await visitor.newPage()
  await landing.goto('/')
  // The admin's content under the fold loads as the visitor scrolls down to it (the page-weight budget).
  await landing.getByRole('heading', { name: 'Ready to Start Learning?' }).scrollIntoViewIfNeeded()
  await expect(landing.getByRole('heading', { name: 'What Parents Say' })).toBeVisible()
  await expect(landing.getByText(quote)).toBeVisible()
  await landing.screenshot({
    path: join(dirname(fileURLToPath(import.meta.url)), '../test-results/admin-landing-content.png'),
    fullPage: true,
  })
  await visitor.close()
})

test("an admin sets the operator's support contacts and visitors see them", async ({ page, browser }) => {
  await adminLogin(page)
  await page.goto('/admin?section=settings')
  const email = page.getByRole('textbox', { name: /Support e-mail/ })
  const phone = page.getByRole('textbox', { name: /Support phone/ })
  await expect(email).toHaveValue('support@hometutor.in')
  const restore = async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const current = await page.request.get('/api/admin/settings', { headers: bearer(token ?? '') })
    const saved = await page.request.post('/api/admin/settings', {
      headers: bearer(token ?? ''),
      data: { ...(await current.json()), supportEmail: 'support@hometutor.in', supportPhone: '+91 98765 43210' },
    })
    expect(saved.status()).toBe(200)
  }
  try {
    // A number nobody can dial is refused beside its field; nothing is saved.
    await phone.fill('12345')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(
      page
        .getByRole('region', { name: 'General Settings' })
        .getByText('Please enter a valid support phone number (7 to 15 digits).'),
    ).toBeVisible()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')

    await email.fill('help@tutors-delhi.in')
    await phone.fill('+91 11 4050 6070')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved')).toBeVisible()

    const visitor = await browser.newContext()
    const guest = await visitor.newPage()
    await guest.goto('/support')
    const main = guest.getByRole('main')
    await expect(main.getByText('help@tutors-delhi.in')).toBeVisible()
    await expect(main.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', 'mailto:help@tutors-delhi.in')
    await expect(main.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+911140506070')
    await guest.goto('/')
    // The landing page's 'Need Help?' section and the footer of every page.
    for (const where of [guest.getByRole('region', { name: 'Need Help?' }), guest.getByRole('contentinfo')]) {
      await expect(where.getByRole('link', { name: /help@tutors-delhi.in/ })).toHaveAttribute(
        'href',
        'mailto:help@tutors-delhi.in',
      )
      await expect(where.getByRole('link', { name: /\+91 11 4050 6070/ })).toHaveAttribute('href', 'tel:+911140506070')
    }
    await visitor.close()
  } finally {
    await restore()
  }
})

/** Every admin section, as the side list and the phone's picker name them (Admin.tsx). */
const ADMIN_SECTIONS = [
  ['analytics', 'Analytics & Reports'],
  ['settings', 'General Settings'],
  ['branding', 'Logo & Ad Banner'],
  ['requests', 'Tuition Requests'],
  ['users', 'User Management'],
  ['tutors', 'Tutor Controls'],
  ['students', 'Student Controls'],
  ['content', 'Content Management'],
  ['communication', 'Communication'],
  ['media', 'Media Management'],
  ['audit', 'Audit Log'],
] as const

test('every admin section is axe-clean at 1280 and 375 px; its tables scroll in named regions a keyboard reaches', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const run = String(Date.now()).slice(-6)
  // Something in every table: a flagged request (and so an audit entry) and an uploaded asset.
  const parent = await apiUser(request, 'parent', `Axe Parent ${run}`)
  const subject = `Geography ${run}`
  const posted = await request.post('/api/tuition', {
    headers: bearer(parent.token),
    data: {
      subject,
      classLevel: 'Class 7',
      preferredTime: 'Mornings',
      location: { type: 'Point', coordinates: [77.209, 28.6139] },
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  const { id } = (await posted.json()) as { id: number }
  await adminLogin(page)
  await api(page, 'POST', `/api/admin/requests/${id}/flag`, {
    flagged: true,
    flagReason: 'A phone number in the preferred time',
  })

  // Media: the file input is found by its visible label, as a screen reader names it.
  await page.goto('/admin?section=media')
  await page
    .getByLabel('File')
    .setInputFiles({ name: `pixel-${run}.png`, mimeType: 'image/png', buffer: PIXEL_PNG }, { timeout: 10_000 })
  await page.getByRole('button', { name: 'Upload asset' }).click()
  await expect(page.getByRole('link', { name: `pixel-${run}.png` })).toBeVisible()

  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    for (const [id, name] of ADMIN_SECTIONS) {
      await test.step(`${name} at ${width} px`, async () => {
        await page.goto(`/admin?section=${id}`)
        const section = page.getByRole('region', { name, exact: true })
        await expect(section.getByRole('heading', { level: 2, name })).toBeVisible()
        await expect(page.getByLabel('Loading')).toHaveCount(0)
        await expectNoViolations(page)
      })
    }
  }

  // At 1280 px the requests table shows its Flag column, the reason and the action without scrolling.
  await page.setViewportSize(DESKTOP)
  await page.goto('/admin?section=requests')
  const table = page.getByRole('region', { name: 'All tuition requests' })
  const row = table.getByRole('row').filter({ hasText: subject })
  await expect(table.getByRole('columnheader', { name: 'Flag', exact: true })).toBeInViewport({ ratio: 1 })
  await expect(row.getByText('Reason: A phone number in the preferred time')).toBeInViewport({ ratio: 1 })
  await expect(row.getByRole('button', { name: `Unflag ${subject} request` })).toBeInViewport({ ratio: 1 })

  // At 375 px each request is a card instead (a list named like the table), its Unflag button on
  // screen and nothing wider than the phone.
  await page.setViewportSize(PHONE)
  await expect(table).toBeHidden()
  const cards = page.getByRole('list', { name: 'All tuition requests' })
  const card = cards.getByRole('listitem').filter({ hasText: subject })
  await card.scrollIntoViewIfNeeded()
  await expect(card.getByRole('button', { name: `Unflag ${subject} request` })).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

  // The audit log's region likewise at 1280 px (a phone shows cards), with the flag just made in it.
  await page.setViewportSize(DESKTOP)
  await page.goto('/admin?section=audit')
  const audit = page.getByRole('region', { name: 'Admin actions, newest first' })
  await expect(audit).toHaveAttribute('tabindex', '0')
  await expect(audit.getByRole('row').nth(1)).toBeVisible()

  // General Settings says what the GPT-5 mini switch does: nothing yet.
  await page.goto('/admin?section=settings')
  const gpt = page.getByRole('checkbox', { name: /GPT-5 mini \(Preview\).*no effect yet/ })
  await expect(gpt).toHaveAccessibleDescription(/nothing on the site uses it yet/)
})

import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { otpFrom, PHONE, uniqueEmail, waitForMail } from '../support/helpers'

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
  return { email, fullname, token }
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` }
}

async function adminLogin(page: Page) {
  const email = process.env.E2E_ADMIN_EMAIL
  const password = process.env.E2E_ADMIN_PASSWORD
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set (see global-setup.ts)')
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('role'))).toBe('admin')
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
  await expect(page.getByText('Flagged: Duplicate posting')).toBeVisible()
  await expect(page.getByRole('button', { name: `Unflag ${subject} request` })).toBeVisible()

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
  const visitor = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  const landing = await visitor.newPage()
  await landing.goto('/')
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
    await expect(page.getByText('Please enter a valid support phone number (7 to 15 digits).')).toBeVisible()
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

import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { otpFrom, uniqueEmail, waitForMail } from './helpers'

// Accounts made through the API and a browser session for them, for specs that are about what a
// logged-in page does rather than about logging in.

export interface Account {
  email: string
  token: string
  role: 'parent' | 'tutor' | 'admin'
  user: { id: number }
}

/** A verified account of `role` made through the API (register, e-mailed code, login). */
export async function createAccount(request: APIRequestContext, role: 'parent' | 'tutor', fullname: string) {
  const email = uniqueEmail(role)
  const password = 'Str0ng-pass!'
  const phone = `96${String(Date.now() % 1e8).padStart(8, '0')}`
  const registered = await request.post('/api/auth/register', { data: { fullname, email, phone, password, role } })
  expect(registered.status(), await registered.text()).toBeLessThan(300)
  const mail = await waitForMail(email, (m) => /Your verification code/.test(m.text))
  const verified = await request.post('/api/verify/email-otp', { data: { email, otp: otpFrom(mail) } })
  expect(verified.status(), await verified.text()).toBeLessThan(300)
  return login(request, email, password)
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const response = await request.post('/api/auth/login', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Account
}

/**
 * The browser-stored session a login leaves (frontend/src/lib/session.ts owns these keys), as a
 * Playwright storage state, so a fresh context starts logged in without a login page in the way.
 */
export function storageStateFor(base: string, account: Account & { user: object }) {
  const subscription = account.user as { subscriptionActive?: boolean; subscriptionExpires?: string | null }
  const items: Record<string, string> = {
    token: account.token,
    role: account.role,
    email: account.email.toLowerCase(),
    user: JSON.stringify(account.user),
    userId: String(account.user.id),
    subscriptionActive: String(Boolean(subscription.subscriptionActive)),
  }
  if (subscription.subscriptionExpires) items.subscriptionExpires = subscription.subscriptionExpires
  return {
    cookies: [],
    origins: [{ origin: base, localStorage: Object.entries(items).map(([name, value]) => ({ name, value })) }],
  }
}

/** Signs the site's admin (E2E_ADMIN_EMAIL, made by support/fixtures.ts) in through the login page; the e-mail. */
export async function adminLogin(page: Page): Promise<string> {
  const email = process.env.E2E_ADMIN_EMAIL
  const password = process.env.E2E_ADMIN_PASSWORD
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set (see support/fixtures.ts)')
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('role'))).toBe('admin')
  return email
}

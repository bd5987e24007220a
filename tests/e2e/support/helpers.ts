import { expect, type Page } from '@playwright/test'
import type { Mail } from './smtp-sink'

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 812 }

/** A fresh address per run, so the suite can run again on the same database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/**
 * Waits for the newest mail to `to` that matches, from the SMTP sink (the shared server's, or the
 * one at `base` for a test's own server).
 */
export async function waitForMail(
  to: string,
  matches: (mail: Mail) => boolean = () => true,
  base = process.env.E2E_MAIL_URL,
): Promise<Mail> {
  if (!base) throw new Error('E2E_MAIL_URL is not set: the SMTP sink is not running')
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/messages?to=${encodeURIComponent(to.toLowerCase())}`)
    const mails = (await response.json()) as Mail[]
    const found = mails.filter(matches).pop()
    if (found) return found
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no e-mail to ${to} within 20 s`)
}

export function otpFrom(mail: Mail): string {
  const code = /Your verification code:\s*(\d{6})/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no verification code in the e-mail:\n${mail.text}`)
  return code
}

export function verificationLinkFrom(mail: Mail): string {
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no verification link in the e-mail:\n${mail.text}`)
  return link.replace(/[>)\].,]+$/, '')
}

export interface Registration {
  fullname: string
  email: string
  phone: string
  password: string
  role?: 'parent' | 'tutor'
}

/** Opens the registration form and fills it in, terms agreed; sends nothing. */
export async function fillRegistration(page: Page, who: Registration) {
  await page.goto('/register')
  await page.getByLabel('Full name').fill(who.fullname)
  await page.getByLabel('I am a').selectOption(who.role ?? 'parent')
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Phone').fill(who.phone)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
  // The real input is visually hidden behind Chakra's control: click the label as a person would.
  await page.getByText('I agree to the').click()
  await expect(page.getByRole('checkbox', { name: /I agree/ })).toBeChecked()
}

/** Fills and sends the registration form; ends on the OTP screen. */
export async function register(page: Page, who: Registration) {
  await fillRegistration(page, who)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email-otp$/)
}

let phoneCounter = 0

/** A ten-digit phone number no other account of this run has. */
export function uniquePhone(): string {
  phoneCounter += 1
  return `98${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`
}

/**
 * A fresh person of `role`, registered and verified with the e-mailed code: ends logged in on /.
 * `mailUrl` is the SMTP sink of a test's own server (default: the shared one's).
 */
export async function signUp(
  page: Page,
  role: 'parent' | 'tutor',
  fullname = 'Meera Nair',
  mailUrl = process.env.E2E_MAIL_URL,
): Promise<Registration> {
  const who: Registration = {
    fullname,
    email: uniqueEmail(role),
    phone: uniquePhone(),
    password: 'Str0ng-pass!',
    role,
  }
  await register(page, who)
  const mail = await waitForMail(who.email, (m) => /Your verification code/.test(m.text), mailUrl)
  await page.getByLabel('Verification code').fill(otpFrom(mail))
  await page.getByRole('button', { name: 'Verify' }).click()
  // A new tutor goes on to the guided set-up of their profile; a parent home.
  await expect(page).toHaveURL(role === 'tutor' ? /\/onboarding$/ : /\/$/, { timeout: 10_000 })
  return who
}

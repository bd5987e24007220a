import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { uniqueEmail, uniquePhone, waitForMail, type Registration } from './helpers'

// The texts a Hindi reader sees, read from the app's own catalogues (the web app's JSON and the
// server's Fluent files) rather than copied into the specs: a spec then fails on what a person
// would see, not on a catalogue edit.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const catalogues = new Map<string, Record<string, unknown>>()

function catalogue(language: string, namespace: string): Record<string, unknown> {
  const path = join(root, 'frontend/src/locales', language, `${namespace}.json`)
  let found = catalogues.get(path)
  if (!found) {
    found = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    catalogues.set(path, found)
  }
  return found
}

/**
 * The message `namespace:dotted.key` of the web app in `language`, with `{name}` and `{name, number}`
 * filled in from `values` (plural and select messages are not read here: the specs name texts without them).
 */
export function message(language: 'en' | 'hi', key: string, values: Record<string, string | number> = {}): string {
  const [namespace, path] = key.split(':') as [string, string]
  let node: unknown = catalogue(language, namespace)
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${language}`)
  return node.replace(/\{(\w+)(?:, number)?\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${key} needs {${name}}`)
    return String(values[name])
  })
}

/** The web app's Hindi text for `key` (see `message`). */
export function hi(key: string, values: Record<string, string | number> = {}): string {
  return message('hi', key, values)
}

/** A one-line message of the server's Fluent catalogue `file` in Hindi, placeholders left as written. */
export function serverHi(file: string, id: string): string {
  const text = readFileSync(join(root, 'crates/i18n/locales/hi', `${file}.ftl`), 'utf8')
  const line = text.split('\n').find((l) => l.startsWith(`${id} =`))
  if (!line) throw new Error(`no message ${id} in hi/${file}.ftl`)
  return line.slice(id.length + 2).trim()
}

/** The verification code of a Hindi verification e-mail ('आपका सत्यापन कोड: 123456'). */
export function hindiOtpFrom(text: string): string {
  const body = readFileSync(join(root, 'crates/i18n/locales/hi/emails.ftl'), 'utf8')
  const before = /^\s*(.*)\{ \$otp \}/m.exec(body.split('email-verification-body =')[1] ?? '')?.[1]
  const lead = before?.split('।').pop()?.trim()
  if (!lead) throw new Error('no code line in hi/emails.ftl')
  const code = new RegExp(`${lead}\\s*(\\d{6})`).exec(text)?.[1]
  if (!code) throw new Error(`no verification code in the e-mail:\n${text}`)
  return code
}

/**
 * A fresh person of `role` who signs up through the Hindi registration form and the Hindi code
 * screen, with the code from a verification e-mail that arrived in Hindi: ends logged in on /.
 */
export async function signUpInHindi(
  page: Page,
  role: 'parent' | 'tutor',
  fullname: string,
  mailUrl = process.env.E2E_MAIL_URL,
): Promise<Registration> {
  const who: Registration = { fullname, email: uniqueEmail(role), phone: uniquePhone(), password: 'Str0ng-pass!', role }
  await expect(page.getByRole('heading', { level: 1, name: hi('auth:register.title') })).toBeVisible()
  await page.getByLabel(hi('auth:fields.fullName')).fill(who.fullname)
  await page.getByLabel(hi('auth:fields.role')).selectOption(role)
  await page.getByLabel(hi('auth:fields.email')).fill(who.email)
  await page.getByLabel(hi('auth:fields.phone')).fill(who.phone)
  await page.getByRole('textbox', { name: hi('auth:fields.password'), exact: true }).fill(who.password)
  // The real input is visually hidden behind Chakra's control: click the label as a person would.
  await page.getByText(hi('auth:register.agree')).click()
  await expect(page.getByRole('checkbox', { name: new RegExp(hi('auth:register.agree')) })).toBeChecked()
  await page.getByRole('button', { name: hi('auth:register.submit') }).click()
  await expect(page).toHaveURL(/\/verify-email-otp$/)
  await expect(page.getByRole('heading', { level: 1, name: hi('auth:otp.title') })).toBeVisible()
  // The browser asked in Hindi, so the server wrote the e-mail in Hindi.
  const mail = await waitForMail(who.email, () => true, mailUrl)
  expect(mail.subject).toBe(serverHi('emails', 'email-verification-subject'))
  await page.getByLabel(hi('auth:otp.code')).fill(hindiOtpFrom(mail.text))
  await page.getByRole('button', { name: hi('auth:otp.submit') }).click()
  // A new tutor is taken to the guided set-up, a parent to the home page (as support/helpers.ts says).
  await expect(page).toHaveURL(role === 'tutor' ? /\/onboarding$/ : /\/$/, { timeout: 10_000 })
  return who
}

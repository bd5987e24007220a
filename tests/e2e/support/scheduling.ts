import type { APIRequestContext, Browser } from '@playwright/test'
import { expect } from './fixtures'
import { createAccount, storageStateFor, type Account } from './accounts'
import { DESKTOP } from './helpers'

// What the demo-class specs share: an account that reads the site in its language, and a desktop
// page signed in as it.

export type Language = 'en' | 'hi'
export type Signed = Account & { user: { id: number } }

/** A new account of `role`; in Hindi, with that language saved on the server (its e-mails and notices follow it). */
export async function accountIn(request: APIRequestContext, role: 'parent' | 'tutor', name: string, language: Language) {
  const made = (await createAccount(request, role, name)) as Signed
  if (language === 'hi') {
    const saved = await request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${made.token}` },
      data: { language: 'hi' },
    })
    expect(saved.status()).toBe(200)
  }
  return made
}

/** A desktop page signed in as `who`, its browser asking for `language`. */
export async function pageIn(browser: Browser, baseURL: string, who: Signed, language: Language) {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: language === 'en' ? 'en-IN' : 'hi-IN',
    storageState: storageStateFor(baseURL, who),
  })
  return context.newPage()
}

import type { Browser } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { createAccount, storageStateFor, type Account } from '../support/accounts'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, PHONE } from '../support/helpers'
import { message } from '../support/hindi'
import { PIXEL_PNG } from '../support/pages'

type Language = 'en' | 'hi'

async function signedIn(browser: Browser, baseURL: string, account: Account & { user: object }, language: Language) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, storageState: storageStateFor(baseURL, account) })
  const page = await context.newPage()
  if (language === 'hi') {
    // As a person does: the header's switch (the choice is kept with the account).
    await page.goto('/dashboard')
    await page
      .getByRole('group', { name: message('en', 'common:language.label') })
      .getByRole('button', { name: 'हिन्दी' })
      .click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  }
  return page
}

for (const language of ['en', 'hi'] as const) {
  const t = (key: string) => message(language, key)

  test(`a parent's half-filled request survives a reload, and leaving asks first (${language})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const parent = await createAccount(request, 'parent', `Draft Parent ${language}`)
    const page = await signedIn(browser, baseURL!, parent, language)
    for (const [width, viewport] of [
      ['1280', DESKTOP],
      ['375', PHONE],
    ] as const) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize(viewport)
        await page.goto('/request/new')
        const time = page.getByRole('textbox', { name: new RegExp(`^${t('requests:form.preferredTime.label')}`) })
        await time.fill(`Weekday evenings ${width}`)
        await page.reload()
        await expect(time).toHaveValue(`Weekday evenings ${width}`)
        await expect(page.getByText(t('shared:draft.restored'))).toBeVisible()
        await expectNoViolations(page)

        await page.getByRole('link', { name: t('requests:backToDashboard') }).click()
        const dialog = page.getByRole('alertdialog', { name: t('shared:draft.leaveTitle') })
        await expect(dialog).toBeVisible()
        await expectNoViolations(page)
        await page.screenshot({ path: test.info().outputPath(`leave-${width}-${language}.png`) })
        await dialog.getByRole('button', { name: t('shared:ui.cancel') }).click()
        await expect(dialog).toBeHidden()
        await expect(page).toHaveURL(/\/request\/new$/)
        await expect(time).toHaveValue(`Weekday evenings ${width}`)

        // Discard: the saved (empty) form again, and nothing to ask about.
        await page.getByRole('button', { name: t('shared:draft.discard') }).click()
        await expect(time).toHaveValue('')
        await page.getByRole('link', { name: t('requests:backToDashboard') }).click()
        await expect(page).toHaveURL(/\/dashboard$/)
      })
    }
  })
}

test('a tutor chooses a photo: it is saved at once and shows on the public profile', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const tutor = await createAccount(request, 'tutor', 'Draft Tutor Photo')
  const page = await signedIn(browser, baseURL!, tutor, 'en')
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await page.goto('/profile')
    const card = page.getByRole('region', { name: 'Your tutor card' })
    const input = card.getByLabel('Photo', { exact: true })
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG })
    await expect(page.getByText('Photo updated.').first()).toBeVisible()
    await expect(card.getByRole('button', { name: 'Choose a new photo' })).toBeVisible()
    await expectNoViolations(page)
  }
  await page.goto(`/tutor/${encodeURIComponent(tutor.email.toLowerCase())}`)
  await expect(page.getByRole('main').locator('img[src*="/uploads/"]').first()).toBeVisible()
})

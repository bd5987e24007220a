import { expect, test, type Page } from '../support/fixtures'
import { adminLogin, createAccount } from '../support/accounts'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, PHONE } from '../support/helpers'
import { message } from '../support/hindi'
import { api, PIXEL_PNG } from '../support/pages'

// The admin's other lists in a real browser, in English and Hindi: at 1280 px each is a table whose
// last column is on screen, nothing scrolling sideways (not the page, not the table's own region);
// at 375 px each row is a card in a list named like the table, nothing wider than the phone. Axe
// finds nothing in either form. Screenshots of each go to the test's output folder.

const LISTS = [
  { section: 'tutors', caption: 'admin:tutors.caption', last: 'admin:tutors.featured' },
  { section: 'students', caption: 'admin:students.caption', last: 'admin:users.active' },
  { section: 'media', caption: 'admin:media.caption', last: 'admin:media.actions' },
  { section: 'audit', caption: 'admin:audit.caption', last: 'admin:audit.from' },
] as const

/** How far the page, and the widest scrolling box in it, run past their width (0 when nothing does). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('[role=region][tabindex="0"]'))
    const inner = Math.max(0, ...boxes.map((b) => b.scrollWidth - b.clientWidth))
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, inner)
  })
}

test('the tutors, students, media and audit lists are tables at 1280 px and cards at 375 px, in English and Hindi', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const run = String(Date.now()).slice(-6)
  // Something in every list: a tutor (featured, so the audit log has an entry), a parent and an asset.
  const tutor = await createAccount(request, 'tutor', `Layout Tutor Ramanathan Subramaniam ${run}`)
  await createAccount(request, 'parent', `Layout Parent ${run}`)
  await adminLogin(page)
  await api(page, 'POST', `/api/admin/tutors/${tutor.user.id}/feature`, { featured: true })
  await page.goto('/admin?section=media')
  await page.getByLabel('File').setInputFiles({ name: `layout-${run}.png`, mimeType: 'image/png', buffer: PIXEL_PNG })
  await page.getByRole('button', { name: 'Upload asset' }).click()
  await expect(page.getByRole('link', { name: `layout-${run}.png` })).toBeVisible()

  for (const language of ['en', 'hi'] as const) {
    if (language === 'hi') {
      // As a person does: the header's switch (the choice is kept with the account).
      await page.setViewportSize(DESKTOP)
      await page
        .getByRole('group', { name: message('en', 'common:language.label') })
        .getByRole('button', { name: 'हिन्दी' })
        .click()
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    }
    for (const { section, caption, last } of LISTS) {
      const name = message(language, caption)
      await test.step(`${section} in ${language} at 1280 px`, async () => {
        await page.setViewportSize(DESKTOP)
        await page.goto(`/admin?section=${section}`)
        const table = page.getByRole('table', { name })
        await expect(table.getByRole('row').nth(1)).toBeVisible()
        await expect(table.getByRole('columnheader', { name: message(language, last) })).toBeInViewport({ ratio: 1 })
        expect(await overflow(page)).toBeLessThanOrEqual(0)
        await expectNoViolations(page)
        await page.screenshot({ path: test.info().outputPath(`${section}-1280-${language}.png`), fullPage: true })
      })
      await test.step(`${section} in ${language} at 375 px`, async () => {
        await page.setViewportSize(PHONE)
        const cards = page.getByRole('list', { name })
        await expect(cards.getByRole('listitem').first()).toBeVisible()
        await expect(page.getByRole('table', { name })).toHaveCount(0)
        expect(await overflow(page)).toBeLessThanOrEqual(0)
        await expectNoViolations(page)
        await page.screenshot({ path: test.info().outputPath(`${section}-375-${language}.png`), fullPage: true })
      })
    }
  }

  // On a phone a card keeps the row's control: the tutor's featured switch, on.
  await page.setViewportSize(DESKTOP)
  await page
    .getByRole('group', { name: message('hi', 'common:language.label') })
    .getByRole('button', { name: 'English' })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.setViewportSize(PHONE)
  await page.goto('/admin?section=tutors')
  const card = page.getByRole('list', { name: 'Tutors' }).getByRole('listitem').filter({ hasText: tutor.email })
  const featured = card.getByRole('checkbox', { name: message('en', 'admin:tutors.featuredLabel', { email: tutor.email }) })
  await featured.scrollIntoViewIfNeeded()
  await expect(featured).toBeChecked()
  await expect(card).toContainText(`${message('en', 'admin:tutors.subscription')}:`)
})

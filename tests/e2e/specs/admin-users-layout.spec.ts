import { expect, test } from '../support/fixtures'
import { adminLogin } from '../support/accounts'
import { DESKTOP, PHONE } from '../support/helpers'

// The admin's user list in a real browser: at 1280 px the table's last column and a row's actions are
// on screen without scrolling; at 375 px each user is a card and nothing runs past the screen's edge.

test('the admin users list fits a 1280 px screen as a table and a 375 px phone as cards', async ({ page }) => {
  const email = await adminLogin(page)
  await page.setViewportSize(DESKTOP)
  await page.goto('/admin?section=users')
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 })
  // The list holds every user the suite made, so the admin's row may be below the fold: scrolled to
  // as a person does, its last button must then be whole on screen, not cut off at the right edge.
  const deleteRow = page.getByRole('button', { name: `Delete ${email}` })
  await deleteRow.evaluate((button) => button.scrollIntoView({ block: 'center' }))
  await expect(deleteRow).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({
    path: test.info().outputPath('users-1280.png'),
    fullPage: true,
  })

  await page.setViewportSize(PHONE)
  const cards = page.getByRole('list', { name: 'Users' })
  await expect(cards).toBeVisible()
  await expect(table).toHaveCount(0)
  const remove = cards.getByRole('button', { name: `Delete ${email}` })
  // Centred, clear of the fixed bottom bar, as a person scrolls to it.
  await remove.evaluate((button) => button.scrollIntoView({ block: 'center' }))
  await expect(remove).toBeInViewport({ ratio: 1 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({
    path: test.info().outputPath('users-375.png'),
  })
})

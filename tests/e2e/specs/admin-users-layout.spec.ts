import { expect, test, type Page } from '../support/fixtures'
import { DESKTOP, PHONE } from '../support/helpers'

// The admin's user list in a real browser: at 1280 px the table's last column and a row's actions are
// on screen without scrolling; at 375 px each user is a card and nothing runs past the screen's edge.

async function adminLogin(page: Page) {
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

test('the admin users list fits a 1280 px screen as a table and a 375 px phone as cards', async ({ page }) => {
  const email = await adminLogin(page)
  await page.setViewportSize(DESKTOP)
  await page.goto('/admin?section=users')
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('button', { name: `Delete ${email}` })).toBeInViewport({ ratio: 1 })
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

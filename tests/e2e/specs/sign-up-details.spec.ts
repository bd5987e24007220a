import { expect, test } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { PHONE, register, signUp, uniqueEmail, uniquePhone, waitForMail } from '../support/helpers'

// The details of signing up: where the cursor goes, and what a second sign-up with a
// registered e-mail is told.

test('the code screen puts the cursor in the code field', async ({ page }) => {
  await register(page, {
    fullname: 'Kavya Iyer',
    email: uniqueEmail('focus'),
    phone: uniquePhone(),
    password: 'Str0ng-pass!',
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible()
  await expect(page.getByLabel('Verification code')).toBeFocused()
})

test('a sign-up with a registered e-mail is answered like any other, the owner gets a note, and the code screen says so plainly', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, 'parent', 'Asha Verma')
  // Someone (the owner, forgetful) signs up again with the same e-mail, in another browser.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE })
  const again = await context.newPage()
  await register(again, { fullname: 'Asha V', email: owner.email, phone: uniquePhone(), password: 'An0ther-pass!' })
  // The same screen a new account gets: nothing says whether the e-mail has an account.
  await expect(again.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible()
  const note = again.getByTestId('duplicate-note')
  await expect(note).toHaveText(
    'If you already have an account with this e-mail, we sent you a note instead of a code — sign in or reset your password.',
  )
  const mail = await waitForMail(owner.email, (m) => /already have one/.test(m.text))
  expect(mail.text).not.toMatch(/Your verification code/)
  await expectNoViolations(again)

  // 'reset your password' opens the reset dialog with the e-mail filled in.
  await note.getByRole('link', { name: 'reset your password' }).click()
  await expect(again).toHaveURL(/\/login$/)
  const dialog = again.getByRole('dialog', { name: 'Reset Password' })
  await expect(dialog.getByLabel('Email')).toHaveValue(owner.email)
  await again.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The sign-in form has the e-mail too: the password is all that is left.
  await expect(again.getByRole('textbox', { name: 'Email' })).toHaveValue(owner.email)
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill(owner.password)
  await again.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(again).toHaveURL(/\/dashboard$/)
  await context.close()
})

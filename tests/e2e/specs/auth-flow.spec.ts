import { expect, test } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { createAccount } from '../support/accounts'
import { otpFrom, PHONE, register, uniqueEmail, verificationLinkFrom, waitForMail } from '../support/helpers'

test.describe('sign-up and sign-in against the real server', () => {
  test('a parent registers, verifies with the e-mailed code, lands logged in, signs out and in again', async ({
    page,
  }) => {
    const who = { fullname: 'Asha Verma', email: uniqueEmail('parent'), phone: '9876543210', password: 'Str0ng-pass!' }
    await register(page, who)
    await expect(page.getByText(who.email)).toBeVisible()

    const mail = await waitForMail(who.email, (m) => /Your verification code/.test(m.text))
    await page.getByLabel('Verification code').fill(otpFrom(mail))
    await page.getByRole('button', { name: 'Verify' }).click()

    // SPEC §4: verified → automatic login → / after about 1 s.
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'New Request' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(who.email.toLowerCase())

    await nav.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible()

    await page.getByLabel('Email').fill(who.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByText('Welcome, Asha!')).toBeVisible()
    // The sign-in is confirmed, below the header: a toast over it hid the bell and the menu (and a
    // pointer resting there paused it, so it never left).
    const signedIn = page.getByRole('status').filter({ hasText: 'Signed in successfully.' })
    await expect(signedIn).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    // Polled: the toast slides in from above before it settles.
    await expect.poll(async () => (await signedIn.boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height)
    // …and right below it (0.5rem), not wherever a fixed offset would put it.
    expect((await signedIn.boundingBox())!.y).toBeLessThanOrEqual(header.y + header.height + 12)
    await expect(page.getByRole('heading', { name: 'My Tuition Requests' })).toBeVisible()
  })

  test('the verification link from the e-mail verifies the account', async ({ page }) => {
    const who = { fullname: 'Ravi Kumar', email: uniqueEmail('link'), phone: '9123456780', password: 'An0ther-pass!' }
    await register(page, who)
    const mail = await waitForMail(who.email, (m) => /verify-email\?/.test(m.text))
    const link = new URL(verificationLinkFrom(mail))
    expect(link.searchParams.get('token')).toBeTruthy()
    expect(link.searchParams.get('email')?.toLowerCase()).toBe(who.email.toLowerCase())

    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Email Verification' })).toBeVisible()
    await expect(page.locator('[role="status"]').filter({ hasText: /verified/i })).toBeVisible()

    // Followed again (a second click in the e-mail): the address is verified already, and signing in is next.
    await page.goto(link.pathname + link.search)
    const again = page.locator('[role="status"]').filter({ hasText: 'This e-mail address is already verified.' })
    await expect(again).toHaveText('This e-mail address is already verified. You can sign in.')
    await expectNoViolations(page)

    await page.getByRole('link', { name: 'Sign In' }).last().click()
    await page.getByLabel('Email').fill(who.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('on a phone the sign-in toast sits right below the shorter header', async ({ page }) => {
    const account = await createAccount(page.request, 'parent', 'Meena Iyer')
    await page.setViewportSize(PHONE)
    await page.goto('/login')
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Str0ng-pass!')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    const signedIn = page.getByRole('status').filter({ hasText: 'Signed in successfully.' })
    await expect(signedIn).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    await expect.poll(async () => (await signedIn.boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect((await signedIn.boundingBox())!.y).toBeLessThanOrEqual(header.y + header.height + 12)
  })

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill(uniqueEmail('nobody'))
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.')
    await expect(page).toHaveURL(/\/login$/)
  })
})

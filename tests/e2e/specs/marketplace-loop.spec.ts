import { expect, test, type Page } from '../support/fixtures'
import { DESKTOP, PHONE, signUp, waitForMail } from '../support/helpers'
import { api, offlineTiles, picture, subscribe } from '../support/pages'
import { startServer, type RunningServer } from '../support/server'

// The marketplace loop, end to end, on a server of its own started with TEST_CLOCK=1, so the test can
// move that server's clock forward ten minutes without touching the shared server's other tests.

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer('loop-server', { TEST_CLOCK: '1' })
})

test.afterAll(async () => {
  await server?.stop()
})

function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications/ })
}

test('a parent posts, a tutor in the area is alerted live and by e-mail, says they are interested, the parent is told live, opens the profile, messages them, and the unread message is e-mailed ten minutes later', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const run = String(Date.now()).slice(-6)
  // This server is the spec's own, so the vocabulary's own label is unique enough.
  const subject = 'Chemistry'
  const tutorContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const parentContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const tutor = await tutorContext.newPage()
  const parent = await parentContext.newPage()
  await offlineTiles(tutor)
  await offlineTiles(parent)

  // The tutor: signs up, subscribes, and saves a teaching area around central Delhi in the editor.
  const tutorWho = await signUp(tutor, 'tutor', 'Ravi Kumar', server.mailUrl)
  await subscribe(tutor)
  await tutor.goto('/profile')
  const editor = tutor.getByRole('region', { name: 'Teaching area' })
  await expect(editor).toBeVisible()
  const picker = editor.getByRole('region', { name: /Location map/ })
  await picker.focus()
  await tutor.keyboard.press('Enter')
  // Subjects come from the one vocabulary; the request below names the same term.
  await editor.getByRole('combobox', { name: 'Add to subjects' }).selectOption({ label: 'Chemistry' })
  await editor.getByRole('button', { name: 'Save teaching area' }).click()
  await expect(editor.getByText('Saved', { exact: true })).toBeVisible()
  const area = await api<{ radiusKm: number; subjects: { id: string; label: string }[] }>(
    tutor,
    'GET',
    '/api/tutors/me/area',
  )
  expect(area.subjects).toEqual([{ id: 'chemistry', label: 'Chemistry' }])
  await picture(tutor, 'teaching-area-desktop.png')
  await tutor.setViewportSize(PHONE)
  await editor.scrollIntoViewIfNeeded()
  await picture(tutor, 'teaching-area-mobile.png', false)
  await tutor.setViewportSize(DESKTOP)

  // The tutor waits on the dashboard; the bell holds the payment's receipt, also e-mailed.
  await tutor.goto('/dashboard')
  await expect(bell(tutor)).toHaveAccessibleName('Notifications, 1 unread')
  const receipt = await waitForMail(tutorWho.email, (m) => m.subject === 'Payment received: your subscription is active', server.mailUrl)
  expect(receipt.text).toContain('₹499')

  // The parent: signs up and posts a request at the map's centre (New Delhi), through the form.
  const parentWho = await signUp(parent, 'parent', 'Asha Verma', server.mailUrl)
  await parent.goto('/request/new')
  await parent.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Chemistry' })
  await parent.getByRole('combobox', { name: 'Class' }).selectOption({ label: 'Class 11' })
  await parent.getByRole('textbox', { name: 'Preferred time' }).fill('Weekdays 5-7 PM')
  const map = parent.getByRole('region', { name: 'Location map: click to place the marker' })
  await map.focus()
  await parent.keyboard.press('Enter')
  await parent.getByRole('button', { name: 'Post Request' }).click()
  await expect(parent).toHaveURL(/\/dashboard$/)

  // The tutor's bell counts it without a reload, and the alert is e-mailed with an unsubscribe header.
  await expect(bell(tutor)).toHaveAccessibleName('Notifications, 2 unread')
  const alert = await waitForMail(tutorWho.email, (m) => m.subject.includes(subject), server.mailUrl)
  expect(alert.raw).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=/m)
  expect(alert.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
  expect(alert.text).not.toContain(parentWho.phone)
  expect(alert.text).not.toContain(parentWho.email)

  // From the bell to the request, and 'I'm interested'.
  await bell(tutor).click()
  await tutor.getByTestId('notification').filter({ hasText: subject }).click()
  await expect(tutor).toHaveURL(/\/nearby\?request=\d+/)
  await tutor.getByRole('button', { name: `I'm interested in ${subject}` }).click()
  await expect(tutor.getByRole('button', { name: `Interested in ${subject}` })).toBeVisible()

  // The parent is told live; the notification centre, then the tutor's profile from it.
  await expect(bell(parent)).toHaveAccessibleName('Notifications, 1 unread')
  await bell(parent).click()
  // The popover first, then its text: a failure then says whether it closed, or what it listed.
  const popover = parent.getByRole('dialog', { name: 'Notifications' })
  await expect(popover).toBeVisible()
  await expect(popover).toContainText('Ravi Kumar is interested')
  const notice = popover.getByTestId('notification').filter({ hasText: 'Ravi Kumar is interested' })
  await expect(notice).toBeVisible()
  await picture(parent, 'notifications-desktop.png')
  await notice.click()
  await expect(parent).toHaveURL(/\/tutor\/\d+$/)
  await expect(bell(parent)).toHaveAccessibleName('Notifications')
  await parent.setViewportSize(PHONE)
  await parent.goto('/notifications')
  await expect(parent.getByTestId('notification').filter({ hasText: 'Ravi Kumar is interested' })).toBeVisible()
  await picture(parent, 'notifications-mobile.png', false)
  await parent.goBack()
  await parent.setViewportSize(DESKTOP)

  // The parent writes to the tutor from the profile's Message button.
  await expect(parent).toHaveURL(/\/tutor\/\d+$/)
  await parent.getByRole('button', { name: 'Message' }).click()
  const dialog = parent.getByRole('dialog')
  const text = `Hello Ravi, can you start on Monday? (${run})`
  await dialog.getByRole('textbox', { name: 'Message' }).fill(`${text}\nSecond line that stays out of the e-mail`)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText(text)).toBeVisible()

  // Ten minutes pass on the server's clock with the message unread: the tutor is e-mailed once.
  const advanced = await fetch(`${server.base}/api/testing/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: 11 * 60 }),
  })
  expect(advanced.status).toBe(200)
  const unread = await waitForMail(tutorWho.email, (m) => m.subject === 'New message from Asha Verma', server.mailUrl)
  expect(unread.text).toContain(text)
  expect(unread.text).not.toContain('Second line that stays out of the e-mail')
  expect(unread.text).toMatch(/\/messages\?with=\d+/)

  await tutorContext.close()
  await parentContext.close()
})

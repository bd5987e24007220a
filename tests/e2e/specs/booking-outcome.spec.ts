import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { storageStateFor, type Account } from '../support/accounts'
import { expect, test } from '../support/fixtures'
import { DESKTOP, PHONE, otpFrom, uniqueEmail, waitForMail } from '../support/helpers'
import { message } from '../support/hindi'
import { picture } from '../support/pages'
import { startServer, type RunningServer } from '../support/server'

// After a demo class: a parent marks on My classes that the demo took place and that they continue,
// and sees the tutor assigned to their request (the request closes; the other interested tutor is
// told). On a server of its own started with TEST_CLOCK=1, whose clock moves past the demo's start;
// the browser's clock is set to the same moment, as the card asks only once the demo has started.

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer('outcome-server', { TEST_CLOCK: '1' })
})

test.afterAll(async () => {
  await server?.stop()
})

type Signed = Account & { user: { id: number } }

async function account(api: APIRequestContext, role: 'parent' | 'tutor', fullname: string): Promise<Signed> {
  const email = uniqueEmail(role)
  const password = 'Str0ng-pass!'
  const phone = `97${String(Date.now() % 1e8).padStart(8, '0')}`
  const registered = await api.post('/api/auth/register', {
    data: { fullname, email, phone, password, role },
  })
  expect(registered.status(), await registered.text()).toBeLessThan(300)
  const mail = await waitForMail(email, (m) => /Your verification code/.test(m.text), server.mailUrl)
  const verified = await api.post('/api/verify/email-otp', {
    data: { email, otp: otpFrom(mail) },
  })
  expect(verified.status(), await verified.text()).toBeLessThan(300)
  const login = await api.post('/api/auth/login', {
    data: { email, password },
  })
  expect(login.status()).toBe(200)
  return (await login.json()) as Signed
}

async function call(api: APIRequestContext, who: Signed, method: string, path: string, data?: unknown) {
  const response = await api.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${who.token}` },
    data,
  })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
  return response.json()
}

async function subscribed(api: APIRequestContext, tutor: Signed) {
  const order = (await call(api, tutor, 'POST', '/api/payment/create-session')).orderId
  await call(api, tutor, 'POST', '/api/payment-dev/simulate-payment', {
    orderId: order,
  })
  await call(api, tutor, 'POST', '/api/payment/verify', { orderId: order })
}

/** `hh:00` IST tomorrow (in India), as a UTC instant. */
function tomorrowAt(hh: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
  }).format(new Date())
  const date = new Date(`${today}T${String(hh).padStart(2, '0')}:00:00+05:30`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date
}

test('a parent says the demo took place and continues, and the tutor becomes the tutor of the request', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const api = await playwrightRequest.newContext({ baseURL: server.base })
  const tutor = await account(api, 'tutor', 'Rahul Sharma')
  const other = await account(api, 'tutor', 'Meena Iyer')
  const parent = await account(api, 'parent', 'Asha Verma')
  const week = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((weekday) => ({
    weekday,
    start: '06:00',
    end: '22:00',
  }))
  await call(api, tutor, 'PUT', '/api/tutors/me/availability/slots', {
    slots: week,
  })
  const request = await call(api, parent, 'POST', '/api/tuition', {
    subject: 'Mathematics',
    classLevel: 'Class 8',
    preferredTime: 'Evenings',
    location: [77.209, 28.6139],
  })
  for (const t of [tutor, other]) {
    await subscribed(api, t)
    await call(api, t, 'POST', `/api/tuition/${request.id}/interested`)
  }
  const start = tomorrowAt(10)
  const end = new Date(start.getTime() + 60 * 60_000)
  const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z')
  const booked = await call(api, parent, 'POST', '/api/bookings', {
    tutorId: tutor.user.id,
    requestId: request.id,
    mode: 'slot',
    times: [{ startsAt: iso(start), endsAt: iso(end) }],
  })
  await call(api, tutor, 'POST', `/api/bookings/${booked.id}/accept`, {})

  // The demo is over: the server's clock and the browser's both read two hours after its start.
  const after = new Date(start.getTime() + 2 * 60 * 60_000)
  const moved = await api.post('/api/testing/clock', {
    data: { advanceSeconds: Math.ceil((after.getTime() - Date.now()) / 1000) },
  })
  expect(moved.status()).toBe(200)

  const context = await browser.newContext({
    baseURL: server.base,
    viewport: DESKTOP,
    locale: 'en-IN',
    storageState: storageStateFor(server.base, parent),
  })
  const page = await context.newPage()
  await page.clock.setFixedTime(after)
  await page.goto('/classes')
  await page.getByRole('button', { name: 'Past' }).click()
  const card = page.getByTestId(`outcome-${booked.id}`)
  await expect(card.getByText('How did the demo go?')).toBeVisible()
  await card.getByRole('group', { name: 'Did the demo take place?' }).getByRole('button', { name: 'Yes' }).click()
  await card
    .getByRole('group', { name: 'Will you continue with lessons?' })
    .getByRole('button', { name: 'Continue' })
    .click()
  await picture(page, 'booking-outcome-ask-desktop.png')
  await card.getByRole('button', { name: 'Save my answer' }).click()
  await expect(card.getByText('Rahul Sharma is now your tutor for Mathematics.')).toBeVisible()
  await expect(card.getByText('You: it took place · will continue')).toBeVisible()
  await picture(page, 'booking-outcome-desktop.png')
  await page.setViewportSize(PHONE)
  await picture(page, 'booking-outcome-mobile.png')

  // What the server holds: the tutor assigned, the request closed; the other tutor told kindly.
  const mine = (await call(api, parent, 'GET', '/api/tuition/mine')) as {
    id: number
    assignedTutor: number
    status: string
  }[]
  const closed = mine.find((r) => r.id === request.id)!
  expect([closed.assignedTutor, closed.status]).toEqual([tutor.user.id, 'closed'])
  const told = await call(api, other, 'GET', '/api/notifications')
  expect(told.items.map((n: { title: string }) => n.title)).toContain(
    'The family has chosen another tutor for Class 8 Mathematics.',
  )

  // In Hindi.
  await call(api, parent, 'PUT', '/api/auth/profile', { language: 'hi' })
  const hindi = await browser.newContext({
    baseURL: server.base,
    viewport: DESKTOP,
    locale: 'hi-IN',
    storageState: storageStateFor(server.base, {
      ...parent,
      user: { ...parent.user, language: 'hi' } as Signed['user'],
    }),
  })
  const hiPage = await hindi.newPage()
  await hiPage.clock.setFixedTime(after)
  await hiPage.goto('/classes')
  await hiPage.getByRole('button', { name: message('hi', 'bookings:page.past') }).click()
  const hiCard = hiPage.getByTestId(`outcome-${booked.id}`)
  await expect(hiCard.getByText(message('hi', 'bookings:outcome.title'))).toBeVisible()
  await expect(hiCard.getByText(/^Rahul Sharma अब .+ के लिए आपके ट्यूटर हैं।$/)).toBeVisible()
  await picture(hiPage, 'booking-outcome-desktop-hi.png')
  await hiPage.setViewportSize(PHONE)
  await picture(hiPage, 'booking-outcome-mobile-hi.png')
  await context.close()
  await hindi.close()
  await api.dispose()
})

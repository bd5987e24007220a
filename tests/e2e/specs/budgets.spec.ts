import { expect, test, type APIRequestContext } from '../support/fixtures'
import { createAccount, login, storageStateFor, type Account } from '../support/accounts'
import { describeLoad, KB, measureLoad } from '../support/budgets'
import { DESKTOP, PHONE } from '../support/helpers'

// Every route of SPEC §2's route table, as the role that may see it, on a first visit
// (a fresh browser context: empty HTTP cache, no service worker yet) at 1280 and 375 px, within
// the page-weight budgets: the landing page ≤ 120 KB on the wire, every other route ≤ 200 KB (the
// heaviest are a tutor's /dashboard and /nearby on a wide screen, whose map is in view at once and
// so loads with the page: docs/web.md, 'Performance budgets'), and layout shift ≤ 0.05 on every route.
// The landing page is measured in Hindi too (a browser that asks for Hindi: its catalogues and the
// Devanagari font), within 160 KB.

const LANDING_BUDGET = 120 * KB
const HINDI_LANDING_BUDGET = 160 * KB
const ROUTE_BUDGET = 200 * KB
const SHIFT_BUDGET = 0.05

test.describe.configure({ mode: 'serial' })

interface Accounts {
  parent: Account
  tutor: Account
  admin: Account
  requestId: number
}

let accounts: Accounts

async function bearer(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put',
  path: string,
  data?: object,
) {
  const response = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return response.json()
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000)
  const parent = await createAccount(request, 'parent', 'Anita Sharma')
  const tutor = await createAccount(request, 'tutor', 'Priya Verma')
  // The tutor pays through the simulated provider, as the subscribe page does.
  const session = (await bearer(request, tutor.token, 'post', '/api/payment/create-session')) as { orderId: string }
  await bearer(request, tutor.token, 'post', '/api/payment-dev/simulate-payment', {
    orderId: session.orderId,
    outcome: 'paid',
  })
  await bearer(request, tutor.token, 'post', '/api/payment/verify', { orderId: session.orderId })
  // The tutor teaches in Kothrud, Pune, where no other spec posts: their /nearby shows this
  // spec's request alone, so its bytes do not depend on which specs ran before.
  const kothrud = [73.8077, 18.5074]
  // A profile complete but for the photo, so the dashboard's set-up card stays away. The area teaches
  // what the spec's request asks for.
  await bearer(request, tutor.token, 'put', '/api/tutors/me/area', {
    location: kothrud,
    radiusKm: 10,
    subjects: ['maths'],
    classes: ['class-8'],
    boards: ['cbse'],
    modes: ['home'],
  })
  const me = (await bearer(request, tutor.token, 'get', '/api/auth/profile')) as { user: { id: number } }
  await bearer(request, tutor.token, 'put', `/api/tutors/${me.user.id}`, {
    about: 'Mathematics for Classes 6 to 10 at your home.',
    feePerHour: 600,
  })
  await bearer(request, tutor.token, 'put', '/api/tutors/me/availability/slots', {
    slots: [{ weekday: 'mon', start: '17:00', end: '19:00' }],
  })
  // Every step but the photo: the dashboard's set-up card stays away (a photo costs no leads), and
  // the profile pages weigh the app, not an upload (a photo is a 400×400 JPEG whatever its source).
  const completeness = (await bearer(request, tutor.token, 'get', '/api/tutors/me/completeness')) as {
    missing: string[]
  }
  expect(completeness.missing).toEqual(['photo'])
  const created = (await bearer(request, parent.token, 'post', '/api/tuition', {
    subject: 'Mathematics',
    subjectId: 'maths',
    classId: 'class-8',
    preferredTime: 'Weekday evenings',
    location: kothrud,
  })) as { id: number }
  const admin = await login(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!)
  // The landing page as a real site shows it: the admin's announcement, home text and FAQs load
  // with it (their own chunk), and count against its budget.
  await bearer(request, admin.token, 'post', '/api/admin/content', {
    banners: [],
    announcements: [{ title: 'New', text: 'Physics tutors now in Pune.' }],
    homeText: 'Home tuition with tutors near you.',
    faqs: [{ question: 'How do I find a tutor?', answer: 'Search by subject and place, then message the tutor.' }],
  })
  accounts = {
    parent,
    // Logged in again: the answer now carries the active subscription.
    tutor: await login(request, tutor.email, 'Str0ng-pass!'),
    admin,
    requestId: created.id,
  }
})

// The landing content is the site's: emptied again, so other specs' pages (and screenshots) do not
// depend on whether this spec ran first.
test.afterAll(async ({ request }) => {
  if (!accounts) return
  await bearer(request, accounts.admin.token, 'post', '/api/admin/content', {
    banners: [],
    announcements: [],
    homeText: '',
    faqs: [],
  })
})

type Who = 'visitor' | 'parent' | 'tutor' | 'admin'
type Locale = 'en-IN' | 'hi-IN'

/** SPEC §2's route table: each route with who may see it. */
function routes(): [Who, string, Locale?][] {
  const tutorProfile = `/tutor/${encodeURIComponent(accounts.tutor.email.toLowerCase())}`
  return [
    ['visitor', '/'],
    ['visitor', '/', 'hi-IN'],
    ['visitor', '/about'],
    ['visitor', '/tutors'],
    ['visitor', tutorProfile],
    ['visitor', '/support'],
    ['visitor', '/contact-us'],
    ['visitor', '/features'],
    ['visitor', '/terms-and-conditions'],
    ['visitor', '/privacy-policy'],
    ['visitor', '/cancellations-and-refunds'],
    ['visitor', '/login'],
    ['visitor', '/register'],
    ['visitor', '/verify-email'],
    ['visitor', '/verify-email-otp'],
    ['visitor', '/no-such-page'],
    ['parent', '/dashboard'],
    ['parent', '/request/new'],
    ['parent', `/request/${accounts.requestId}/edit`],
    ['parent', '/messages'],
    ['parent', '/chats'],
    ['parent', '/profile'],
    ['parent', '/notifications'],
    ['parent', '/classes'],
    ['tutor', '/dashboard'],
    ['tutor', '/nearby'],
    ['tutor', '/subscribe'],
    ['tutor', '/payment-success'],
    ['tutor', '/profile'],
    ['tutor', '/availability'],
    ['tutor', '/classes'],
    ['tutor', tutorProfile],
    ['admin', '/admin'],
  ]
}

for (const [width, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  test(`every route's first load stays within its bytes and layout shift at ${width}`, async ({ browser }, info) => {
    test.setTimeout(300_000)
    const base = process.env.E2E_BASE_URL!
    const failures: string[] = []
    const table: string[] = []
    for (const [who, path, locale = 'en-IN'] of routes()) {
      const context = await browser.newContext({
        baseURL: base,
        // Only a Hindi-asking browser gets a locale: the English loads stay as every visit measured them.
        locale: locale === 'hi-IN' ? locale : undefined,
        viewport,
        isMobile: viewport === PHONE,
        hasTouch: viewport === PHONE,
        // The service worker's precache starts after the load and is not the page's: measured
        // apart (docs/web.md, 'Installable and offline').
        serviceWorkers: 'block',
        storageState: who === 'visitor' ? undefined : storageStateFor(base, accounts[who]),
      })
      const report = await measureLoad(context, path)
      await context.close()
      const landing = path === '/' && who === 'visitor'
      const budget = landing ? (locale === 'hi-IN' ? HINDI_LANDING_BUDGET : LANDING_BUDGET) : ROUTE_BUDGET
      table.push(
        `${who.padEnd(8)} ${locale} ${path.padEnd(48)} ${(report.bytes / KB).toFixed(1).padStart(6)} KB  shift ${report.layoutShift.toFixed(3)}`,
      )
      if (report.bytes > budget || report.layoutShift > SHIFT_BUDGET) {
        failures.push(
          `as ${who} (${locale}), over ${(budget / KB).toFixed(0)} KB or ${SHIFT_BUDGET}:\n${describeLoad(path, report)}`,
        )
      }
    }
    await info.attach(`budgets-${viewport.width}.txt`, { body: table.join('\n'), contentType: 'text/plain' })
    console.log(`first loads at ${width}:\n${table.join('\n')}`)
    expect(failures, failures.join('\n\n')).toEqual([])
  })
}

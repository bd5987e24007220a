import { expect, test } from '../support/fixtures'
import { accountIn, pageIn } from '../support/scheduling'
import { expectNoViolations } from '../support/a11y'
import { PHONE } from '../support/helpers'
import { message } from '../support/hindi'
import { picture } from '../support/pages'

// A booking's notification leads to the class's own page (/bookings/:id), where the tutor accepts
// it; the parent sees the class in My classes' week; someone else is told it is not found. In
// English and Hindi, at 1280 and 375 px, with axe on each screen and pictures for docs/screenshots.


const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/** Tomorrow's IST date (`YYYY-MM-DD`): every evening time of it is ahead. */
function tomorrowIst(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
  const date = new Date(`${today}T12:00:00+05:30`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

for (const language of ['en', 'hi'] as const) {
  test(`a booking's notification opens the class's page, and My classes shows it in the week (${language})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const t = (key: string, values: Record<string, string | number> = {}) => message(language, key, values)
    const suffix = language === 'hi' ? '-hi' : ''
    const tutorName = language === 'en' ? 'Ravi Kumar' : 'रवि कुमार'
    const parentName = language === 'en' ? 'Anita Sharma' : 'अनीता शर्मा'
    const tutor = await accountIn(request, 'tutor', tutorName, language)
    const parent = await accountIn(request, 'parent', parentName, language)
    const stranger = await accountIn(request, 'parent', language === 'en' ? 'Meera Iyer' : 'मीरा अय्यर', language)
    const saved = await request.put('/api/tutors/me/availability/slots', {
      headers: { Authorization: `Bearer ${tutor.token}` },
      data: { slots: WEEK.map((weekday) => ({ weekday, start: '17:00', end: '20:00' })) },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    // The parent books tomorrow 17:00–18:00 IST with a note.
    const day = tomorrowIst()
    const booked = await request.post('/api/bookings', {
      headers: { Authorization: `Bearer ${parent.token}` },
      data: {
        tutorId: tutor.user.id,
        mode: 'slot',
        times: [{ startsAt: `${day}T11:30:00Z`, endsAt: `${day}T12:30:00Z` }],
        note: 'Class 8 maths',
      },
    })
    expect(booked.status(), await booked.text()).toBe(201)
    const { id } = (await booked.json()) as { id: number }
    // The tutor sees the parent named as chats name them ('Anita S.').
    const asTutor = await request.get(`/api/bookings/${id}`, { headers: { Authorization: `Bearer ${tutor.token}` } })
    const shown = ((await asTutor.json()) as { parent: { name: string } }).parent

    // The tutor opens the notification: it leads to the class's page.
    const tutorPage = await pageIn(browser, baseURL!, tutor, language)
    await tutorPage.goto('/notifications')
    const notices = tutorPage.getByRole('list', { name: t('notifications:list.label') })
    await notices.getByRole('button', { name: new RegExp(shown.name.replace('.', '\\.')) }).click()
    await expect(tutorPage).toHaveURL(new RegExp(`/bookings/${id}$`))
    const heading = t('bookings:booking.titleWith', { name: shown.name })
    await expect(tutorPage.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(tutorPage.getByText(t('bookings:card.awaitingYou'))).toBeVisible()
    await expect(tutorPage.getByText(t('bookings:card.note', { note: 'Class 8 maths' }))).toBeVisible()
    await expect(tutorPage).toHaveTitle(new RegExp(heading))
    await expectNoViolations(tutorPage)
    await picture(tutorPage, `booking-page-desktop${suffix}.png`)
    await tutorPage.setViewportSize(PHONE)
    expect(await tutorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expectNoViolations(tutorPage)
    await picture(tutorPage, `booking-page-mobile${suffix}.png`, false)
    await tutorPage.getByRole('button', { name: t('bookings:actions.accept') }).click()
    const accept = tutorPage.getByRole('dialog', { name: t('bookings:forms.acceptTitle') })
    await accept.getByRole('button', { name: t('bookings:actions.accept') }).click()
    await expect(tutorPage.getByRole('status').filter({ hasText: t('bookings:forms.accepted') })).toBeVisible()
    await expect(tutorPage.getByText(t('bookings:status.confirmed'), { exact: true })).toBeVisible()
    await expect(tutorPage.getByRole('button', { name: t('bookings:calendar.download') })).toBeVisible()

    // The parent's week (of tomorrow), at 1280 and 375 px: the class leads to its page.
    const page = await pageIn(browser, baseURL!, parent, language)
    await page.goto(`/classes?view=week&week=${day}`)
    const grid = page.getByTestId('week-grid')
    const block = grid.getByRole('link', { name: new RegExp(`17:00–18:00.*${tutorName}`) })
    await expect(block).toBeVisible()
    await expect(page).toHaveURL(/view=week&week=\d{4}-\d{2}-\d{2}$/)
    await expectNoViolations(page)
    await picture(page, `classes-week-desktop${suffix}.png`)
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expectNoViolations(page)
    await picture(page, `classes-week-mobile${suffix}.png`, false)
    await block.click()
    await expect(page).toHaveURL(new RegExp(`/bookings/${id}$`))
    await expect(page.getByRole('heading', { level: 1, name: t('bookings:booking.titleWith', { name: tutorName }) }))
      .toBeVisible()
    await expect(page.getByText(t('bookings:status.confirmed'), { exact: true })).toBeVisible()

    // Someone who is not part of the class: not found, and nothing of it shows.
    const other = await pageIn(browser, baseURL!, stranger, language)
    await other.goto(`/bookings/${id}`)
    await expect(other.getByRole('heading', { level: 1, name: t('bookings:booking.notFound') })).toBeVisible()
    await expect(other.getByText('Class 8 maths')).toHaveCount(0)

    for (const p of [page, tutorPage, other]) await p.context().close()
  })
}

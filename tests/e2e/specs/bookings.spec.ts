import { expect, test, type Page } from '../support/fixtures'
import { accountIn, pageIn, type Language } from '../support/scheduling'
import { expectNoViolations } from '../support/a11y'
import { PHONE } from '../support/helpers'
import { message } from '../support/hindi'
import { picture } from '../support/pages'

// A parent books one of a tutor's free times from the tutor's profile, the tutor accepts it in My
// classes, the parent sees it confirmed, and a second parent is no longer offered that time; in
// English and in Hindi, at 1280 and 375 px, with axe on each screen.


const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/** Tomorrow in IST as the web app names a day in a list (features/bookings/lib/ist.ts): every time of it is ahead. */
function tomorrowLabel(language: Language): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
  const date = new Date(`${today}T12:00:00+05:30`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toLocaleDateString(language === 'en' ? 'en-IN' : 'hi-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
}

/** Opens "Book a demo class" on the tutor's profile; the dialog. */
async function openBooking(page: Page, language: Language, tutor: { id: number; name: string }) {
  await page.goto(`/tutor/${tutor.id}`)
  const available = page.getByTestId('available-summary')
  await available.getByRole('button', { name: message(language, 'shared:bookDemo.label', { name: tutor.name }) }).click()
  const dialog = page.getByRole('dialog', { name: message(language, 'bookings:dialog.title', { name: tutor.name }) })
  await expect(dialog.getByRole('combobox', { name: message(language, 'bookings:dialog.start') })).toBeVisible()
  return dialog
}

for (const language of ['en', 'hi'] as const) {
  test(`a parent books a free time, the tutor accepts it, and nobody else is offered it (${language})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const t = (key: string, values: Record<string, string | number> = {}) => message(language, key, values)
    const tutorName = language === 'en' ? 'Ravi Kumar' : 'रवि कुमार'
    const tutor = await accountIn(request, 'tutor', tutorName, language)
    const parent = await accountIn(request, 'parent', language === 'en' ? 'Anita Sharma' : 'अनीता शर्मा', language)
    const other = await accountIn(request, 'parent', language === 'en' ? 'Meera Iyer' : 'मीरा अय्यर', language)
    // Every evening of the week, 17:00–20:00 IST.
    const saved = await request.put('/api/tutors/me/availability/slots', {
      headers: { Authorization: `Bearer ${tutor.token}` },
      data: { slots: WEEK.map((weekday) => ({ weekday, start: '17:00', end: '20:00' })) },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    const who = { id: tutor.user.id, name: tutorName }

    // The parent books tomorrow 17:00 IST, for an hour, from the profile at 1280 px.
    const page = await pageIn(browser, baseURL!, parent, language)
    const dialog = await openBooking(page, language, who)
    const day = tomorrowLabel(language)
    await dialog.getByRole('group', { name: t('bookings:dialog.day') }).getByRole('button', { name: day }).click()
    const start = dialog.getByRole('combobox', { name: t('bookings:dialog.start') })
    await start.selectOption('17:00')
    await dialog.getByRole('textbox', { name: t('bookings:dialog.note') }).fill('Class 8 maths')
    await expectNoViolations(page)
    await picture(page, `book-demo-desktop${language === 'hi' ? '-hi' : ''}.png`, false)
    await dialog.getByRole('button', { name: t('bookings:dialog.submit') }).click()
    await expect(page.getByRole('status').filter({ hasText: t('bookings:dialog.sent') })).toBeVisible()
    await expect(dialog).toBeHidden()

    // The tutor sees the request in My classes (the header counts it) and accepts it.
    const tutorPage = await pageIn(browser, baseURL!, tutor, language)
    await tutorPage.goto('/classes')
    await expect(tutorPage.getByRole('heading', { level: 1, name: t('bookings:page.title') })).toBeVisible()
    await expect(tutorPage.getByTestId('nav-classes-count')).toHaveText('1')
    const card = tutorPage.getByRole('listitem').filter({ hasText: t('bookings:card.awaitingYou') })
    await expect(card).toContainText(`${day}, 17:00–18:00`)
    await expect(card).toContainText('Class 8 maths')
    await expectNoViolations(tutorPage)
    await picture(tutorPage, `classes-tutor-desktop${language === 'hi' ? '-hi' : ''}.png`)
    await card.getByRole('button', { name: t('bookings:actions.accept') }).click()
    const accept = tutorPage.getByRole('dialog', { name: t('bookings:forms.acceptTitle') })
    await accept.getByRole('button', { name: t('bookings:actions.accept') }).click()
    await expect(tutorPage.getByRole('status').filter({ hasText: t('bookings:forms.accepted') })).toBeVisible()
    await expect(tutorPage.getByText(t('bookings:status.confirmed'), { exact: true })).toBeVisible()

    // The parent sees it confirmed, at 1280 and 375 px.
    await page.goto('/classes')
    await expect(page.getByText(t('bookings:status.confirmed'), { exact: true })).toBeVisible()
    await expectNoViolations(page)
    await picture(page, `classes-desktop${language === 'hi' ? '-hi' : ''}.png`)
    await page.setViewportSize(PHONE)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width)
    await expectNoViolations(page)
    await picture(page, `classes-mobile${language === 'hi' ? '-hi' : ''}.png`, false)

    // A second parent, on a phone, is no longer offered 17:00 on that day; 18:00 still is.
    const second = await pageIn(browser, baseURL!, other, language)
    await second.setViewportSize(PHONE)
    const secondDialog = await openBooking(second, language, who)
    await secondDialog.getByRole('group', { name: t('bookings:dialog.day') }).getByRole('button', { name: day }).click()
    const options = secondDialog.getByRole('combobox', { name: t('bookings:dialog.start') }).getByRole('option')
    await expect(options.filter({ hasText: '18:00' })).toHaveCount(1)
    await expect(options.filter({ hasText: '17:00' })).toHaveCount(0)
    await expectNoViolations(second)
    await picture(second, `book-demo-mobile${language === 'hi' ? '-hi' : ''}.png`, false)

    for (const p of [page, tutorPage, second]) await p.context().close()
  })
}

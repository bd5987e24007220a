import type { Browser } from '@playwright/test'
import { expect, test, type Page } from '../support/fixtures'
import { createAccount, storageStateFor, type Account } from '../support/accounts'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, PHONE } from '../support/helpers'
import { message } from '../support/hindi'
import { picture } from '../support/pages'

// A tutor keeps their week on the availability screen at desktop and phone width, and a visitor sees
// the free times on the tutor's profile, in English and in Hindi.

type Language = 'en' | 'hi'

/** The IST calendar day `days` after today, as `YYYY-MM-DD`. */
function istDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The first Monday after today (IST), 1 to 7 days ahead. */
function nextMonday(): string {
  for (let days = 1; ; days++) {
    if (new Date(`${istDay(days)}T12:00:00Z`).getUTCDay() === 1) return istDay(days)
  }
}

/** How the web app names a day in a list (features/availability/lib/ist.ts). */
function dayLabel(day: string, language: Language): string {
  return new Date(`${day}T12:00:00+05:30`).toLocaleDateString(language === 'en' ? 'en-IN' : 'hi-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
}

async function tutorPage(browser: Browser, baseURL: string, tutor: Account & { user: object }, language: Language) {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: language === 'en' ? 'en-IN' : 'hi-IN',
    storageState: storageStateFor(baseURL, tutor),
  })
  return context.newPage()
}

/** Ticks the half-hour cells of `day` from `start` for `count` cells: the first by click, the rest by keyboard. */
async function tick(page: Page, language: Language, day: string, start: string, cells: string[]) {
  const cell = (from: string, to: string) =>
    page.getByRole('button', {
      name: message(language, 'availability:week.cell', {
        day: message(language, `availability:days.${day}.long`),
        start: from,
        end: to,
      }),
      exact: true,
    })
  const times = [start, ...cells]
  await cell(times[0]!, times[1]!).click()
  for (let i = 1; i < times.length - 1; i++) {
    await page.keyboard.press('ArrowDown')
    await expect(cell(times[i]!, times[i + 1]!)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(cell(times[i]!, times[i + 1]!)).toHaveAttribute('aria-pressed', 'true')
  }
}

async function addTimeOff(page: Page, language: Language, start: string, end: string, note: string) {
  await page.getByLabel(message(language, 'availability:timeOff.start')).fill(start)
  await page.getByLabel(message(language, 'availability:timeOff.end')).fill(end)
  await page.getByLabel(message(language, 'availability:timeOff.note')).fill(note)
  await page.getByRole('button', { name: message(language, 'availability:timeOff.add') }).click()
}

for (const language of ['en', 'hi'] as const) {
  test(`a tutor sets weekly slots and time off at desktop and phone width; a visitor sees the free times (${language})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const t = (key: string, values: Record<string, string | number> = {}) => message(language, key, values)
    const tutor = await createAccount(request, 'tutor', language === 'en' ? 'Ravi Kumar' : 'रवि कुमार')
    if (language === 'hi') {
      const saved = await request.put('/api/auth/profile', {
        headers: { Authorization: `Bearer ${tutor.token}` },
        data: { language: 'hi' },
      })
      expect(saved.status()).toBe(200)
    }
    const page = await tutorPage(browser, baseURL!, tutor as Account & { user: object }, language)

    // From the profile settings to the week grid, at 1280 px.
    await page.goto('/profile')
    await page.getByRole('link', { name: message(language, 'shared:routes.availability') }).click()
    await expect(page).toHaveURL(/\/availability$/)
    await expect(page.getByRole('heading', { level: 1, name: t('availability:title') })).toBeVisible()
    await expect(page.getByText(t('availability:week.none'))).toBeVisible()
    await tick(page, language, 'mon', '17:00', ['17:30', '18:00', '18:30', '19:00'])
    await page.getByRole('button', { name: t('availability:week.save') }).click()
    await expect(page.getByRole('status').filter({ hasText: t('availability:week.saved') })).toBeVisible()
    const monday = t('availability:week.summary', { day: t('availability:days.mon.long'), slots: '17:00–19:00' })
    await expect(page.getByTestId('week-summary')).toHaveText(monday)

    // Time off on the next Monday; a start in the past is refused with the server's words.
    const away = nextMonday()
    await addTimeOff(page, language, istDay(-1), istDay(-1), '')
    const past = language === 'en' ? 'Time off cannot start in the past.' : 'छुट्टी बीते दिन से शुरू नहीं हो सकती।'
    await expect(page.getByRole('alert').filter({ hasText: past })).toBeVisible()
    await addTimeOff(page, language, away, away, 'Diwali')
    await expect(page.getByTestId('time-off-list')).toContainText(dayLabel(away, language))
    await expectNoViolations(page)
    await picture(page, `availability-desktop${language === 'hi' ? '-hi' : ''}.png`)

    // On a phone, one day at a time: Wednesday mornings and a week of exams.
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: t('availability:days.wed.long'), exact: true }).click()
    await expect(page.getByTestId('day-mon')).toBeHidden()
    await tick(page, language, 'wed', '06:00', ['06:30', '07:00'])
    await page.getByRole('button', { name: t('availability:week.save') }).click()
    await expect(page.getByRole('status').filter({ hasText: t('availability:week.saved') })).toBeVisible()
    const wednesday = t('availability:week.summary', { day: t('availability:days.wed.long'), slots: '06:00–07:00' })
    await expect(page.getByTestId('week-summary').getByRole('listitem')).toHaveText([monday, wednesday])
    await addTimeOff(page, language, istDay(20), istDay(26), 'Exams')
    await expect(page.getByTestId('time-off-list').getByRole('listitem')).toHaveCount(2)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width)
    await expectNoViolations(page)
    await picture(page, `availability-mobile${language === 'hi' ? '-hi' : ''}.png`, false)

    // A visitor (no account) reads the free times on the profile: no time on the Monday away.
    const visitor = await browser.newContext({
      baseURL,
      viewport: DESKTOP,
      locale: language === 'en' ? 'en-IN' : 'hi-IN',
    })
    const profile = await visitor.newPage()
    await profile.goto(`/tutor/${tutor.user.id}`)
    const available = profile.getByTestId('available-summary')
    await expect(available.getByRole('heading', { name: t('availability:free.heading') })).toBeVisible()
    await expect(available.getByRole('listitem').filter({ hasText: '06:00–07:00' }).first()).toBeVisible()
    await expect(available.getByRole('listitem').filter({ hasText: dayLabel(away, language) })).toHaveCount(0)
    await expectNoViolations(profile)
    await picture(profile, `profile-available-desktop${language === 'hi' ? '-hi' : ''}.png`)
    await profile.setViewportSize(PHONE)
    await expect(available).toBeVisible()
    await available.scrollIntoViewIfNeeded()
    await picture(profile, `profile-available-mobile${language === 'hi' ? '-hi' : ''}.png`, false)
    await visitor.close()
    await page.context().close()
  })
}

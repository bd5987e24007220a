import { expect, test, type Page } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, PHONE, signUp } from '../support/helpers'
import { message } from '../support/hindi'
import { offlineTiles, picture, PIXEL_PNG, subscribe } from '../support/pages'
import { startServer, type RunningServer } from '../support/server'

// A new tutor's guided set-up, end to end: registered and verified by the code the SMTP sink
// receives, through every step (each saved by Next), a reload mid-way that finds the unsaved lists
// kept and the saved ones saved, Finish, and then a visitor's search for Maths near Lajpat Nagar
// lists them. Screenshots of three steps at 1280 and 375 px in English and Hindi. On a server of
// its own, so the search lists only this test's tutor.

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer('onboarding-server')
})

test.afterAll(async () => {
  await server?.stop()
})

type Language = 'en' | 'hi'

/** The step's heading in the panel, and the step in the address. */
async function atStep(page: Page, step: string, language: Language = 'en') {
  await expect(page).toHaveURL(new RegExp(`/onboarding\\?step=${step}$`))
  await expect(page.getByRole('heading', { level: 2, name: message(language, `onboarding:step.${step}`) })).toBeVisible()
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click()
}

const meter = (page: Page, percent: number) => page.getByText(`Your profile is ${percent}% complete`)

test('a new tutor sets up their profile step by step, a reload loses nothing, and search then lists them', async ({
  browser,
}) => {
  test.setTimeout(480_000)
  const context = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const tutor = await context.newPage()
  await offlineTiles(tutor)
  await signUp(tutor, 'tutor', 'Anjali Verma', server.mailUrl)
  await expect(tutor.getByRole('heading', { level: 1, name: 'Set up your tutor profile' })).toBeVisible()
  await expect(meter(tutor, 0)).toBeVisible()
  // Search lists tutors with a paid subscription: subscribed first (in English), set up after.
  await subscribe(tutor)

  // Subjects: only the subjects' field; not saved until the area has its place, and it says so.
  await tutor.goto('/onboarding?step=subjects')
  await atStep(tutor, 'subjects')
  await tutor.getByRole('combobox', { name: 'Add to subjects' }).selectOption({ label: 'Mathematics' })
  await expect(tutor.getByRole('list', { name: 'Subjects' })).toContainText('Mathematics')
  await expect(tutor.getByRole('combobox', { name: 'Add to classes' })).toHaveCount(0)
  await expect(tutor.getByRole('combobox', { name: 'Search for where you teach' })).toHaveCount(0)
  await expect(tutor.getByTestId('area-waiting')).toContainText('Not saved yet')
  await expectNoViolations(tutor)
  await next(tutor)

  await atStep(tutor, 'classes')
  const classes = tutor.getByRole('combobox', { name: 'Add to classes' })
  for (const label of ['Class 8', 'Class 9', 'Class 10']) await classes.selectOption({ label })
  await expect(tutor.getByRole('list', { name: 'Classes' })).toContainText('Class 10')
  await next(tutor)

  await atStep(tutor, 'boards')
  await tutor.getByRole('checkbox', { name: 'CBSE' }).check()
  await next(tutor)

  await atStep(tutor, 'modes')
  await tutor.getByRole('checkbox', { name: 'At home' }).check()
  await expectNoViolations(tutor)

  // A reload mid-way: the lists chosen so far are kept on this device.
  await tutor.reload()
  await atStep(tutor, 'modes')
  await expect(tutor.getByRole('checkbox', { name: 'At home' })).toBeChecked()
  await tutor.getByRole('navigation', { name: 'Steps' }).getByRole('link', { name: 'Subjects' }).click()
  await atStep(tutor, 'subjects')
  await expect(tutor.getByRole('list', { name: 'Subjects' })).toContainText('Mathematics')
  await tutor.getByRole('navigation', { name: 'Steps' }).getByRole('link', { name: 'Teaching area' }).click()

  // The area: a place found by name; Next saves the whole area, the lists with it.
  await atStep(tutor, 'area')
  await tutor.getByRole('combobox', { name: 'Search for where you teach' }).fill('Lajpat Nagar')
  await tutor.getByRole('option', { name: /Lajpat Nagar, South Delhi/ }).first().click()
  await expect(tutor.getByTestId('selected-location')).toContainText('Lajpat Nagar')
  await expect(tutor.getByRole('combobox', { name: 'Add to subjects' })).toHaveCount(0)
  await expectNoViolations(tutor)
  await next(tutor)
  await atStep(tutor, 'fee')
  // Subjects, classes, boards, modes and the area: 5 of 9.
  await expect(meter(tutor, 55)).toBeVisible()

  // A reload after the save: what is saved is saved.
  await tutor.reload()
  await atStep(tutor, 'fee')
  await expect(meter(tutor, 55)).toBeVisible()
  await tutor.getByRole('navigation', { name: 'Steps' }).getByRole('link', { name: 'Modes' }).click()
  await expect(tutor.getByRole('checkbox', { name: 'At home' })).toBeChecked()
  await expect(tutor.getByText('Restored your unsaved changes')).toHaveCount(0)
  await tutor.getByRole('navigation', { name: 'Steps' }).getByRole('link', { name: 'Fee' }).click()

  await atStep(tutor, 'fee')
  await tutor.getByRole('textbox', { name: /Fee per hour/ }).fill('600')
  await expectNoViolations(tutor)
  await next(tutor)

  await atStep(tutor, 'availability')
  await tutor.getByRole('button', { name: 'Monday 17:00–17:30' }).click()
  await tutor.getByRole('button', { name: 'Monday 17:30–18:00' }).click()
  await next(tutor)

  await atStep(tutor, 'photo')
  await expect(meter(tutor, 77)).toBeVisible()
  // Uploaded as soon as it is chosen: nothing waits for a second button.
  await tutor
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG })
  await expect(tutor.getByText('Photo updated.').first()).toBeVisible()
  await expect(tutor.getByRole('button', { name: 'Choose a new photo' })).toBeVisible({ timeout: 15_000 })
  await expectNoViolations(tutor)
  await next(tutor)

  await atStep(tutor, 'about')
  await tutor
    .getByRole('textbox', { name: 'About you' })
    .fill('Maths for Classes 8 to 10 (CBSE) at your home in Lajpat Nagar, with weekly practice tests.')
  await expectNoViolations(tutor)
  await tutor.getByRole('button', { name: 'Finish' }).click()
  await expect(tutor).toHaveURL(/\/dashboard$/)

  // The finished steps, as pictures for the README: three steps at 1280 and 375 px, English and Hindi.
  for (const language of ['en', 'hi'] as const) {
    if (language === 'hi') {
      // As a person does: the header's switch, at 1280 px where the header shows it.
      await tutor.setViewportSize(DESKTOP)
      await tutor
        .getByRole('group', { name: message('en', 'common:language.label') })
        .getByRole('button', { name: 'हिन्दी' })
        .click()
      await expect(tutor.locator('html')).toHaveAttribute('lang', 'hi')
    }
    const suffix = language === 'hi' ? '-hi' : ''
    for (const step of ['subjects', 'area', 'fee']) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', PHONE],
      ] as const) {
        await tutor.setViewportSize(viewport)
        await tutor.goto(`/onboarding?step=${step}`)
        await atStep(tutor, step, language)
        await expect(tutor.getByText(message(language, 'onboarding:progress', { percent: 100 }))).toBeVisible()
        if (step === 'area') await expect(tutor.getByTestId('selected-location')).toContainText('Lajpat Nagar')
        await expectNoViolations(tutor)
        expect(await tutor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        if (size === 'mobile') {
          // What a phone's screen shows of the step: its panel, not the whole long page.
          await tutor.getByRole('region', { name: message(language, `onboarding:step.${step}`) }).scrollIntoViewIfNeeded()
          await picture(tutor, `onboarding-${step}-${size}${suffix}.png`, false)
        } else {
          await picture(tutor, `onboarding-${step}-${size}${suffix}.png`)
        }
      }
    }
  }
  await tutor.setViewportSize(DESKTOP)

  // Finished and subscribed: a visitor's search for Maths near 110024 (Lajpat Nagar's PIN) lists them.
  await context.close()
  const visitorContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const visitor = await visitorContext.newPage()
  await offlineTiles(visitor)
  await visitor.goto('/')
  const hero = visitor.getByRole('search', { name: 'Find a tutor' })
  await hero.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Mathematics' })
  await hero.getByRole('textbox', { name: 'Place or PIN code' }).fill('110024')
  await hero.getByRole('button', { name: 'Search tutors' }).click()
  const card = visitor.getByRole('list', { name: 'Tutors' }).getByRole('article', { name: 'Anjali Verma' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('₹600')
  await expect(card).toContainText('Mathematics')
  await visitorContext.close()
})

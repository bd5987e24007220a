import { expect, test, type Page } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { DESKTOP, PHONE, signUp } from '../support/helpers'
import { api, offlineTiles, picture, subscribe } from '../support/pages'
import { startServer, type RunningServer } from '../support/server'

// Discovery, end to end: a visitor searches 'Maths near 110024' from the landing page, opens a
// tutor's card, signs up as a parent, posts a request near Lajpat Nagar and finds the same tutor
// recommended for it, with the reasons, and invites them. On a server of its own, so the search
// results and the top ten recommendations hold only this test's tutors.

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer('discovery-server')
})

test.afterAll(async () => {
  await server?.stop()
})

/** The tutor's photo, drawn in the browser and uploaded as the profile form would. */
async function uploadPhoto(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 600
    canvas.height = 400
    const g = canvas.getContext('2d')!
    g.fillStyle = '#2b6cb0'
    g.fillRect(0, 0, 600, 400)
    g.fillStyle = '#f6ad55'
    g.beginPath()
    g.arc(300, 170, 90, 0, Math.PI * 2)
    g.fill()
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
    const form = new FormData()
    form.append('photo', blob, 'me.png')
    const response = await fetch('/api/tutors/me/photo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: form,
    })
    if (!response.ok) throw new Error(`photo: HTTP ${response.status} ${await response.text()}`)
    return ((await response.json()) as { photoUrl: string }).photoUrl
  })
}

test("a visitor finds 'Maths near 110024', opens the tutor, signs up as a parent and sees that tutor recommended for a new request", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const tutorContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const tutor = await tutorContext.newPage()
  await offlineTiles(tutor)

  // The tutor: signed up, subscribed, teaching Maths for Classes 6–10 (CBSE) within 8 km of
  // Lajpat Nagar, ₹600 an hour, with a photo.
  const tutorWho = await signUp(tutor, 'tutor', 'Kavita Iyer', server.mailUrl)
  await subscribe(tutor)
  const lajpatNagar = [77.2402, 28.5733]
  await api(tutor, 'PUT', '/api/tutors/me/area', {
    location: lajpatNagar,
    radiusKm: 8,
    subjects: ['maths', 'physics'],
    classes: ['class-6', 'class-7', 'class-8', 'class-9', 'class-10'],
    boards: ['cbse'],
    modes: ['home'],
  })
  await api(tutor, 'PUT', `/api/tutors/${encodeURIComponent(tutorWho.email.toLowerCase())}`, {
    about: 'Maths and physics for middle school, with weekly practice tests. Ten years with CBSE students.',
    subjects: 'Maths, Physics',
    availability: 'Weekday evenings',
    methodology: 'Concepts first, then practice',
    testimonials: '',
    education: 'M.Sc. Mathematics, Delhi University',
    fees: 'First class free',
    demoOffer: 'Free demo class',
    feePerHour: 600,
  })
  const photoUrl = await uploadPhoto(tutor)
  expect(photoUrl).toMatch(/^\/api\/uploads\//)
  // A second tutor in Bengaluru, who must not appear near 110024.
  const farContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const far = await farContext.newPage()
  await signUp(far, 'tutor', 'Suresh Rao', server.mailUrl)
  await subscribe(far)
  await api(far, 'PUT', '/api/tutors/me/area', { location: [77.6245, 12.9352], radiusKm: 10, subjects: ['maths'] })
  await farContext.close()

  // The visitor: the landing page's search, 'Maths near 110024'.
  const visitorContext = await browser.newContext({ baseURL: server.base, viewport: DESKTOP })
  const visitor = await visitorContext.newPage()
  await offlineTiles(visitor)
  await visitor.goto('/')
  const hero = visitor.getByRole('search', { name: 'Find a tutor' })
  await hero.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Mathematics' })
  await hero.getByRole('textbox', { name: 'Place or PIN code' }).fill('110024')
  await hero.getByRole('button', { name: 'Search tutors' }).click()
  await expect(visitor).toHaveURL(/\/tutors\?subject=maths&place=110024$/)
  await expect(visitor.getByRole('heading', { level: 2, name: /^Mathematics tutors near .*South Delhi/ })).toBeVisible()
  await expect(visitor.getByTestId('results-count')).toHaveText('1 tutor within 10 km')
  const results = visitor.getByRole('list', { name: 'Tutors' })
  const card = results.getByRole('article', { name: 'Kavita Iyer' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('₹600')
  await expect(card).toContainText(/\d+\.\d km away/)
  await expect(card).toContainText('Mathematics')
  await expect(results).not.toContainText('Suresh Rao')
  // Public data only: no e-mail or phone on the card.
  await expect(card).not.toContainText(tutorWho.email.toLowerCase())
  await expect(card).not.toContainText(tutorWho.phone)
  await expect(card.locator(`img[src="${photoUrl}"]`)).toBeVisible()
  // The map shows the tutor as a numbered badge at the locality the card names (never the
  // tutor's own point); Enter on it opens a link to the profile.
  const badge = visitor.getByRole('button', { name: /^Kavita Iyer, near / })
  await expect(badge).toBeVisible()
  await expect(badge).toHaveText('1')
  // The locality is the one nearest the centre of the 1 km square the tutor's point is in (the
  // squares are placed at random per site), so it is read from the badge, not assumed.
  const locality = ((await badge.getAttribute('title')) ?? '').replace(/^Kavita Iyer, near /, '')
  expect(locality).toMatch(/South Delhi$/)
  await badge.focus()
  await visitor.keyboard.press('Enter')
  await expect(visitor.getByRole('link', { name: 'View Kavita Iyer’s profile' })).toHaveAttribute(
    'href',
    /^\/tutor\/\d+$/,
  )
  await expectNoViolations(visitor)
  await picture(visitor, 'tutor-search-desktop.png')
  await visitor.setViewportSize(PHONE)
  // Results first on a phone: the filters fold into one line, the first card is on the first screen.
  await visitor.evaluate(() => window.scrollTo(0, 0))
  await expect(visitor.getByTestId('filter-summary')).toContainText('km')
  expect((await results.getByRole('article').first().boundingBox())!.y).toBeLessThan(PHONE.height)
  await expectNoViolations(visitor)
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await card.scrollIntoViewIfNeeded()
  await picture(visitor, 'tutor-search-mobile.png', false)
  await visitor.setViewportSize(DESKTOP)

  // The card opens the public profile: the fee, the teaching area by the same place name, no
  // coordinates.
  await card.getByRole('link', { name: 'Kavita Iyer' }).click()
  await expect(visitor).toHaveURL(/\/tutor\/\d+$/)
  const profile = visitor.getByRole('main')
  await expect(profile).toContainText('Kavita Iyer')
  await expect(profile).toContainText('₹600')
  await expect(profile).toContainText(`Teaches within 8 km of ${locality}`)
  await expect(profile).not.toContainText('28.57')

  // The visitor signs up as a parent and posts a Maths request for Class 8 near Lajpat Nagar.
  await signUp(visitor, 'parent', 'Meera Shah', server.mailUrl)
  await visitor.goto('/request/new')
  await visitor.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Mathematics' })
  await visitor.getByRole('combobox', { name: 'Class' }).selectOption({ label: 'Class 8' })
  await visitor.getByRole('combobox', { name: 'Board' }).selectOption({ label: 'CBSE' })
  await visitor.getByRole('textbox', { name: 'Preferred time' }).fill('Weekdays 5-7 PM')
  const placeBox = visitor.getByRole('combobox', { name: 'Search for your area' })
  await placeBox.fill('Lajpat Nagar')
  await visitor.getByRole('option', { name: /Lajpat Nagar, South Delhi/ }).first().click()
  await expect(visitor.getByTestId('selected-location')).toHaveText(/^Selected location: .*Lajpat Nagar/)
  await visitor.getByRole('button', { name: 'Post Request' }).click()
  await expect(visitor).toHaveURL(/\/dashboard$/)

  // The same tutor, recommended with the reasons, and invited.
  const recommended = visitor.getByRole('list', { name: 'Recommended tutors' })
  const pick = recommended.getByRole('listitem').filter({ hasText: 'Kavita Iyer' })
  await expect(pick).toBeVisible({ timeout: 15_000 })
  const reasons = pick.getByRole('list', { name: 'Why Kavita Iyer matches' })
  await expect(reasons).toContainText(/\d+\.\d km away/)
  await expect(reasons).toContainText('Mathematics')
  await expect(reasons).toContainText('Class 8')
  await expect(reasons).toContainText('CBSE')
  await expectNoViolations(visitor)
  await pick.scrollIntoViewIfNeeded()
  await picture(visitor, 'recommendations-desktop.png')
  await visitor.setViewportSize(PHONE)
  await expectNoViolations(visitor)
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await pick.scrollIntoViewIfNeeded()
  await picture(visitor, 'recommendations-mobile.png', false)
  await visitor.setViewportSize(DESKTOP)
  await pick.getByRole('button', { name: 'Invite Kavita Iyer' }).click()
  await expect(pick.getByRole('button', { name: 'Kavita Iyer invited' })).toBeDisabled()

  // The tutor is told, with a link to the request.
  const notices = await api<{ items: { kind: string; link: string | null }[] }>(tutor, 'GET', '/api/notifications')
  const invite = notices.items.find((n) => n.kind === 'tuition_invite')
  expect(invite?.link).toMatch(/^\/nearby\?request=\d+$/)
  // The bell's popover from the keyboard: focus moves into it, Escape closes it and
  // gives the focus back to the bell.
  await tutor.goto('/dashboard')
  const bell = tutor.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await bell.focus()
  await tutor.keyboard.press('Enter')
  const popover = tutor.getByRole('dialog', { name: 'Notifications' })
  await expect(popover).toContainText('A parent invited you to their Mathematics request')
  await expect.poll(() => popover.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await tutor.keyboard.press('Escape')
  await expect(popover).toHaveCount(0)
  await expect(bell).toBeFocused()

  // A second, newer request takes the panel over; the Maths card's 'Recommended tutors' brings the
  // panel back to Maths (in the address too: ?recommend=), with the focus on it.
  await api(visitor, 'POST', '/api/tuition', {
    subjectId: 'hindi',
    subject: 'Hindi',
    classId: 'class-12',
    classLevel: 'Class 12',
    mode: 'online',
    preferredTime: 'Saturdays 10 AM',
    location: { type: 'Point', coordinates: lajpatNagar },
  })
  await visitor.reload()
  const forRequest = visitor.getByRole('combobox', { name: 'For your request' })
  await expect(forRequest.locator('option:checked')).toHaveText('Hindi · Class 12')
  const mathsCard = visitor
    .getByRole('list', { name: 'My tuition requests' })
    .getByRole('listitem')
    .filter({ has: visitor.getByRole('heading', { name: 'Mathematics' }) })
  await mathsCard.getByRole('link', { name: 'Recommended tutors for Mathematics' }).click()
  await expect(visitor).toHaveURL(/\/dashboard\?recommend=\d+$/)
  await expect(forRequest.locator('option:checked')).toHaveText('Mathematics · Class 8')
  const panelHeading = visitor.getByRole('heading', { level: 2, name: 'Recommended tutors' })
  await expect(panelHeading).toBeFocused()
  await expect(panelHeading).toBeInViewport()
  await expect(pick.getByRole('button', { name: 'Kavita Iyer invited' })).toBeDisabled()
  await expectNoViolations(visitor)
  // A reload keeps the choice.
  await visitor.reload()
  await expect(forRequest.locator('option:checked')).toHaveText('Mathematics · Class 8')
  await expect(pick).toBeVisible()
  await visitor.setViewportSize(PHONE)
  await mathsCard.getByRole('link', { name: 'Recommended tutors for Mathematics' }).click()
  await expect(panelHeading).toBeFocused()
  await expect(panelHeading).toBeInViewport()
  await expect(pick).toBeVisible()
  await expectNoViolations(visitor)
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

  await visitorContext.close()
  await tutorContext.close()
})

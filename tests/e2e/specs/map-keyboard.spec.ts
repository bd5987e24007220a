import { expect, test } from '../support/fixtures'
import { expectNoViolations } from '../support/a11y'
import { PHONE, signUp } from '../support/helpers'
import { offlineTiles } from '../support/pages'

/** The centre of an element's box on the page. */
function centre(box: { x: number; y: number; width: number; height: number }) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

test('the map shows a focus ring and a crosshair to keyboard users, and Enter during a pan drops the pin under the crosshair', async ({
  page,
}) => {
  // The browser's clock, so the pan's quarter second can be stopped half-way.
  await page.clock.install()
  await offlineTiles(page)
  await signUp(page, 'parent', 'Asha Verma')
  await page.goto('/request/new')
  const map = page.getByRole('region', { name: 'Location map: click to place the marker' })
  const focusRing = page.getByTestId('map-keyboard-focus')
  const crosshair = page.getByTestId('map-crosshair')
  await expect(map).toBeVisible()
  await expect(crosshair).toBeHidden()

  // Tab from the place search reaches the map: the ring and the crosshair appear.
  await page.getByRole('combobox', { name: 'Search for your area' }).focus()
  await page.keyboard.press('Tab')
  await expect(map).toBeFocused()
  await expect(focusRing).toBeVisible()
  await expect(focusRing).toHaveCSS('border-top-width', '3px')
  await expect(crosshair).toBeVisible()
  const mapBox = (await map.boundingBox())!
  const mark = centre((await crosshair.boundingBox())!)
  const middle = centre(mapBox)
  expect(Math.abs(mark.x - middle.x)).toBeLessThanOrEqual(1)
  expect(Math.abs(mark.y - middle.y)).toBeLessThanOrEqual(1)
  await expectNoViolations(page)
  await page.screenshot({ path: test.info().outputPath('map-keyboard-focus.png') })

  // An arrow key starts a pan; Enter comes while the map is still gliding.
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1_000)
  await page.keyboard.press('ArrowRight')
  await page.clock.runFor(100)
  await page.keyboard.press('Enter')
  await page.clock.runFor(500)
  // The pin's tip (the icon's anchor, 12 px from its left, at its foot) is under the crosshair.
  const pin = page.getByRole('button', { name: 'Selected location' })
  await expect(pin).toBeVisible()
  const pinBox = (await pin.boundingBox())!
  const tip = { x: pinBox.x + 12, y: pinBox.y + pinBox.height }
  const markAfter = centre((await crosshair.boundingBox())!)
  expect(Math.abs(tip.x - markAfter.x), `pin at ${tip.x}, crosshair at ${markAfter.x}`).toBeLessThanOrEqual(2)
  expect(Math.abs(tip.y - markAfter.y), `pin at ${tip.y}, crosshair at ${markAfter.y}`).toBeLessThanOrEqual(2)
  await expect(page.getByTestId('selected-location')).toHaveText(/^Selected location: /)
})

test('the map loads only when it comes into view or is used: until then a stand-in of its size and name, on which Enter drops the pin at the centre', async ({
  page,
}) => {
  await offlineTiles(page)
  const leaflet: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/LeafletMap-/.test(request.url())) leaflet.push(request.url())
  })
  await signUp(page, 'parent', 'Asha Verma')
  // On a phone the request form's map is far below the fold (Leaflet is ~50 KB).
  await page.setViewportSize(PHONE)
  await page.goto('/request/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Tuition Request' })).toBeVisible()
  const standIn = page.getByTestId('map-stand-in')
  const map = page.getByRole('region', { name: 'Location map: click to place the marker' })
  await expect(standIn).toHaveAccessibleName('Location map: click to place the marker')
  await page.waitForLoadState('networkidle')
  expect(leaflet).toEqual([])
  const before = (await standIn.boundingBox())!

  // Focused (which scrolls it into view) and Enter at once: the pin goes to the map's centre, and
  // the focus moves on to the map once it is there.
  await map.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('selected-location')).toHaveText(/^Selected location: [^0-9]*Delhi/)
  await expect(page.getByRole('button', { name: 'Selected location' })).toBeVisible()
  await expect(standIn).toHaveCount(0)
  await expect(map).toBeFocused()
  // Its code and styles came once the map was used.
  expect(leaflet.some((url) => url.endsWith('.js'))).toBe(true)
  // The map took the stand-in's place without moving anything.
  const after = (await map.boundingBox())!
  expect(after.height).toBe(before.height)
  expect(after.width).toBe(before.width)
})

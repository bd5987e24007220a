// Draws the app's icons (public/icon-*.png, apple-touch-icon.png) from the mark in favicon.svg,
// with the system Chromium of the browser suite. Run once after changing the mark:
//   node scripts/make-icons.mjs   (needs `npm ci` in tests/e2e)
// "any" icons keep the favicon's rounded square; maskable ones (and Apple's, which iOS rounds
// itself) fill the whole square and keep the mark inside the central safe zone (80 %).
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(new URL('../../tests/e2e/package.json', import.meta.url))
const { chromium } = require('@playwright/test')

const MARK =
  '<path d="M8 14 16 9l8 5-8 5z" fill="#fff"/><path d="M11 16v5c0 1.5 2.2 3 5 3s5-1.5 5-3v-5l-5 3z" fill="#fff"/>'
const BLUE = '#2563eb'

function svg(size, fullBleed) {
  // The mark spans 16 of the favicon's 32 units; full-bleed icons shrink it into the safe zone.
  const scale = fullBleed ? 0.8 : 1
  const offset = (32 - 32 * scale) / 2
  const background = fullBleed
    ? `<rect width="32" height="32" fill="${BLUE}"/>`
    : `<rect width="32" height="32" rx="7" fill="${BLUE}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${background}<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`
}

const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-192.png', 192, true],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
const page = await browser.newPage()
for (const [name, size, fullBleed] of icons) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<body style="margin:0">${svg(size, fullBleed)}</body>`)
  const png = await page.locator('svg').screenshot({ omitBackground: true })
  writeFileSync(new URL(`../public/${name}`, import.meta.url), png)
  console.log(name, png.length, 'bytes')
}
await browser.close()

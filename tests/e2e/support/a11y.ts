import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe on the page as it is now and fails with a readable list of violations. Running CSS
 * transitions and animations (a fading alert, a hover colour) are let finish first: colour
 * contrast measured half-way through one means nothing.
 */
export async function expectNoViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5_000,
  })
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 200)}`).join('\n  ')}`,
  )
  expect(summary, summary.join('\n')).toEqual([])
}

import { expect, type BrowserContext, type Page } from '@playwright/test'

// The page-weight budgets, measured as a phone on a first visit would meet them: every byte that
// crosses the wire (headers and compressed bodies) until the page is loaded and the network is
// quiet, and every layout shift the person did not cause. Bytes and shifts, never times.

export const KB = 1024

export interface LoadReport {
  /** Bytes received for the load: CDP's encodedDataLength (headers and the body as sent). */
  bytes: number
  /** Each response's share, largest first, for the failure message. */
  responses: { url: string; bytes: number }[]
  /** Sum of every layout shift without recent input: never less than the page's CLS. */
  layoutShift: number
  /** What moved, for the failure message. */
  shifts: { value: number; sources: string[] }[]
}

/**
 * Counts layout shifts from the first paint on (buffered), as CLS does: shifts within 500 ms of
 * an input are the person's doing and excluded. The sum of all of them bounds CLS (the worst
 * burst) from above.
 */
function recordLayoutShifts() {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }
  const shifts: { value: number; sources: string[] }[] = []
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? '?')
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? ''
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${label}"`
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (!entry.hadRecentInput)
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) })
    }
  })
  observer.observe({ type: 'layout-shift', buffered: true })
  ;(window as unknown as { __layoutShifts: () => typeof shifts }).__layoutShifts = () => {
    observer.takeRecords().forEach((entry) => {
      const shift = entry as Shift
      if (!shift.hadRecentInput)
        shifts.push({ value: shift.value, sources: (shift.sources ?? []).map((s) => describe(s.node)) })
    })
    return shifts
  }
}

/**
 * Loads `path` in a fresh page of `context` (its own empty HTTP cache: a first visit) and reports
 * the bytes and the layout shift of that load. The load is over when the page shows its h1, the
 * network has been quiet for 500 ms and two frames have been drawn since.
 */
export async function measureLoad(context: BrowserContext, path: string): Promise<LoadReport> {
  const page = await context.newPage()
  await page.addInitScript(recordLayoutShifts)
  // There is no internet here: map tiles are refused at once (tests/e2e/support/pages.ts does the same).
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const urls = new Map<string, string>()
  const received = new Map<string, number>()
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url))
  cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength))
  cdp.on('Network.loadingFailed', (event) => received.set(event.requestId, received.get(event.requestId) ?? 0))

  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  await settle(page)
  const shifts = await page.evaluate(() =>
    (window as unknown as { __layoutShifts: () => { value: number; sources: string[] }[] }).__layoutShifts(),
  )
  await page.close()

  const responses = [...received]
    .map(([id, bytes]) => ({ url: new URL(urls.get(id) ?? 'about:blank').pathname, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
  return {
    bytes: responses.reduce((sum, r) => sum + r.bytes, 0),
    responses,
    layoutShift: shifts.reduce((sum, s) => sum + s.value, 0),
    shifts,
  }
}

/** Two animation frames: whatever the last response changed has been laid out and reported. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  )
}

export function describeLoad(path: string, report: LoadReport): string {
  const lines = report.responses.map((r) => `  ${(r.bytes / KB).toFixed(1).padStart(7)} KB  ${r.url}`)
  const shifts = report.shifts.map((s) => `  shift ${s.value.toFixed(4)}: ${s.sources.join(', ')}`)
  return [
    `${path}: ${(report.bytes / KB).toFixed(1)} KB, layout shift ${report.layoutShift.toFixed(4)}`,
    ...lines,
    ...shifts,
  ].join('\n')
}

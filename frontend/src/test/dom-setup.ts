// The setup of every test that renders: browser shims jsdom lacks, MSW and the fake chat socket.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { setMaintenance } from '@/lib/maintenance'
import { reloadSession } from '@/lib/session'
import { setSiteData } from '@/lib/site-store'
import { FakeWebSocket } from './fake-websocket'
import { server } from './server'
import { siteHandler } from './site'

// The first screen of a file loads its lazy chunks through Vite's transform, which on a busy machine
// takes longer than the default 1 s of findBy*/waitFor (a CI run on a fully loaded machine once needed more
// than 4 s); a passing find returns as soon as it finds.
configure({ asyncUtilTimeout: 10_000 })

/** px of a media query's length (rem and em as 16 px). */
function queryPx(value: string, unit: string): number {
  return unit === 'px' ? Number(value) : Number(value) * 16
}

/**
 * Whether a width query holds for jsdom's window (1024 px wide unless a test changes innerWidth), so
 * a component choosing its layout by breakpoint renders as on a laptop; any other query is false.
 */
function widthMatches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)]
  return (
    conditions.length > 0 &&
    conditions.every(([, side, value, unit]) =>
      side === 'min' ? window.innerWidth >= queryPx(value, unit) : window.innerWidth <= queryPx(value, unit),
    )
  )
}

// jsdom lacks these browser APIs that Chakra/zag and the shell touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub })
}
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  // The chat socket never leaves the test: every WebSocket is a fake the test drives (set after
  // MSW's listen, which installs its own WebSocket interceptor).
  Object.defineProperty(globalThis, 'WebSocket', { value: FakeWebSocket, configurable: true, writable: true })
})
beforeEach(() => {
  // Every screen's shell asks for the site settings; a test's own server.use() takes precedence.
  server.use(siteHandler)
  // Each test is a fresh page load: no site settings until the shell has asked for them.
  setSiteData(null)
  setMaintenance(false)
  FakeWebSocket.reset()
  localStorage.clear()
  sessionStorage.clear()
  reloadSession()
})
afterEach(async () => {
  cleanup()
  // Unmounting a dialog makes zag's focus trap queue its return of focus with setTimeout(0);
  // let that queued work run now, while the document exists, instead of after the file's
  // environment is torn down (an uncaught "document is not defined" failed a CI run).
  await new Promise((resolve) => setTimeout(resolve, 0))
  server.resetHandlers()
})
afterAll(() => server.close())

import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { reloadSession } from '@/lib/session'
import { FakeWebSocket } from './fake-websocket'
import { server } from './server'

// jsdom lacks these browser APIs that Chakra/zag and the shell touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
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
  FakeWebSocket.reset()
  localStorage.clear()
  reloadSession()
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

import { test as base } from '@playwright/test'
import { ADMIN, startServer } from './server'

export { expect } from '@playwright/test'
export type { APIRequestContext, Page } from '@playwright/test'

/**
 * Every spec imports `test` from here. Each Playwright worker (a process of its own) starts its own
 * server and SMTP sink on a temporary SQLite database before its first test, so workers run side by
 * side without seeing each other's accounts, settings or mail; the specs that a worker runs share its
 * server, as they all shared one before. The fixture's value is the server's address, which becomes
 * `baseURL` (pages, `request`, `browser.newContext()`); the helpers, which run outside fixtures, read the
 * one place that holds both the address and the mail sink's: E2E_BASE_URL and E2E_MAIL_URL. With
 * E2E_BASE_URL (and E2E_MAIL_URL) set, every worker tests that server instead.
 */
export const test = base.extend<object, { origin: string }>({
  origin: [
    // Playwright reads the fixtures a function needs from its first parameter's pattern, so it stays `{}`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      process.env.E2E_ADMIN_EMAIL ??= ADMIN.email
      process.env.E2E_ADMIN_PASSWORD ??= ADMIN.password
      const external = process.env.E2E_BASE_URL
      if (external) {
        await use(external)
        return
      }
      const server = await startServer(`server-${workerInfo.workerIndex}`)
      process.env.E2E_BASE_URL = server.base
      process.env.E2E_MAIL_URL = server.mailUrl
      try {
        await use(server.base)
      } finally {
        delete process.env.E2E_BASE_URL
        delete process.env.E2E_MAIL_URL
        await server.stop()
      }
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ origin }, use) => {
    await use(origin)
  },
})

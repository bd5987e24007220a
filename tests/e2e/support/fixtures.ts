import { test as base } from '@playwright/test'
import { ADMIN, startServer } from './server'

export { expect } from '@playwright/test'
export type { APIRequestContext, BrowserContext, Page } from '@playwright/test'

/** Where the worker's server answers: the app and API, and its SMTP sink's HTTP endpoint. */
export interface Origin {
  base: string
  mailUrl: string
}

/**
 * Every spec imports `test` from here. Each Playwright worker (a process of its own) starts its own
 * server and SMTP sink on a temporary SQLite database before its first test, so workers run side by
 * side without seeing each other's accounts, settings or mail; the specs that a worker runs share its
 * server, as they all shared one before. `baseURL` (pages, `request`, `browser.newContext()`) and the
 * E2E_* variables the helpers read point at it. With E2E_BASE_URL (and E2E_MAIL_URL) set, every worker
 * tests that server instead.
 */
export const test = base.extend<object, { origin: Origin }>({
  origin: [
    // Playwright reads the fixtures a function needs from its first parameter's pattern, so it stays `{}`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      process.env.E2E_ADMIN_EMAIL ??= ADMIN.email
      process.env.E2E_ADMIN_PASSWORD ??= ADMIN.password
      const external = process.env.E2E_BASE_URL
      if (external) {
        await use({ base: external, mailUrl: process.env.E2E_MAIL_URL ?? '' })
        return
      }
      const server = await startServer(`server-${workerInfo.workerIndex}`)
      process.env.E2E_BASE_URL = server.base
      process.env.E2E_MAIL_URL = server.mailUrl
      try {
        await use({ base: server.base, mailUrl: server.mailUrl })
      } finally {
        delete process.env.E2E_BASE_URL
        delete process.env.E2E_MAIL_URL
        await server.stop()
      }
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ origin }, use) => {
    await use(origin.base)
  },
})

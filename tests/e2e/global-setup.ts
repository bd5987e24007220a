import { ADMIN, startServer } from './support/server'

/**
 * Starts an SMTP sink and the real server binary on a temporary SQLite database, and tells the
 * tests where they are through the environment. E2E_BASE_URL (with E2E_MAIL_URL) skips this and
 * tests a server that is already running.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return undefined
  const server = await startServer()
  process.env.E2E_BASE_URL = server.base
  process.env.E2E_MAIL_URL = server.mailUrl
  process.env.E2E_ADMIN_EMAIL = ADMIN.email
  process.env.E2E_ADMIN_PASSWORD = ADMIN.password
  return server.stop
}

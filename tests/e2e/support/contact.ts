import { expect, type Page } from '@playwright/test'
import { api } from './pages'
import type { RunningServer } from './server'

/** A day and a minute: reviews open a day after a parent and a tutor have both written. */
const REVIEW_WAIT_SECONDS = 24 * 3600 + 60

/** The signed-in user's id on `page`. */
async function myId(page: Page): Promise<number> {
  return (await api<{ user: { id: number } }>(page, 'GET', '/api/auth/profile')).user.id
}

/** `from` writes `text` to the user signed in on `to` (REST, as the chat would). */
export async function writeTo(from: Page, to: Page, text: string) {
  await api(from, 'POST', '/api/messages', { to: await myId(to), text })
}

/**
 * Moves the clock of `server` (a spec's own, started with TEST_CLOCK=1: the route exists only
 * there) past the day after both first wrote, so the parent may review.
 */
export async function aDayPasses(server: RunningServer) {
  const advanced = await fetch(`${server.base}/api/testing/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: REVIEW_WAIT_SECONDS }),
  })
  expect(advanced.status).toBe(200)
}

/** A real contact, as a review needs it: the parent writes, the tutor answers, a day passes. */
export async function realContact(parent: Page, tutor: Page, server: RunningServer) {
  await writeTo(parent, tutor, 'Hello, do you teach Class 10 physics?')
  await writeTo(tutor, parent, 'Yes, shall we start with a demo class?')
  await aDayPasses(server)
}

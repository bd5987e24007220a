import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@/api/types'

const user = (id: number) => ({ id, fullname: `User ${id}`, email: `u${id}@example.com`, role: 'parent' }) as Profile

/** A fresh app (its one query client not made yet) with the session as `signedIn` left it. */
async function freshApp(signedIn: number | null) {
  vi.resetModules()
  localStorage.clear()
  const session = await import('./session')
  if (signedIn !== null) {
    session.startSession({
      token: `token-${signedIn}`,
      role: 'parent',
      email: `u${signedIn}@example.com`,
      user: user(signedIn),
    })
  }
  const { getQueryClient } = await import('./query-client')
  return { session, client: getQueryClient() }
}

describe('the query cache forgets a person when their session ends (however it ends)', () => {
  beforeEach(() => localStorage.clear())

  it('on sign out or a 401 (both clear the session)', async () => {
    const { session, client } = await freshApp(1)
    client.setQueryData(['tuition', 'mine'], [{ id: 7, subject: 'Maths' }])
    session.clearSession()
    expect(client.getQueryData(['tuition', 'mine'])).toBeUndefined()
  })

  it('when another account signs in (here or in another tab)', async () => {
    const { session, client } = await freshApp(1)
    client.setQueryData(['notifications'], ['for user 1'])
    session.startSession({ token: 'token-2', role: 'parent', email: 'u2@example.com', user: user(2) })
    expect(client.getQueryData(['notifications'])).toBeUndefined()
  })

  it('but not when a visitor signs in, nor when the same session is only updated', async () => {
    const { session, client } = await freshApp(null)
    client.setQueryData(['vocabulary'], { subjects: [] })
    session.startSession({ token: 'token-3', role: 'parent', email: 'u3@example.com', user: user(3) })
    expect(client.getQueryData(['vocabulary'])).toEqual({ subjects: [] })
    client.setQueryData(['profile'], user(3))
    session.updateSessionUser({ ...user(3), fullname: 'Renamed' })
    expect(client.getQueryData(['profile'])).toEqual(user(3))
  })
})

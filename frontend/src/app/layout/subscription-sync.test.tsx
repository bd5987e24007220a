import type { QueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { profileQueryKey } from '@/api/query-keys'
import type { Profile } from '@/api/types'
import { getSession, storedSubscriptionIsCurrent } from '@/lib/session'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const PAST = '2020-01-01T00:00:00Z'

/** The server's view of the tutor, for both the profile and the status call. */
function serverSays(user: Profile, active: boolean, expires: string | null) {
  const calls = { status: 0 }
  server.use(
    http.get('*/api/payment/subscription-status', () => {
      calls.status += 1
      return HttpResponse.json({ subscriptionActive: active, subscriptionExpires: expires })
    }),
    http.get('*/api/auth/profile', () =>
      HttpResponse.json({ user: { ...user, subscriptionActive: active, subscriptionExpires: expires } }),
    ),
  )
  return calls
}

/**
 * Until the shell's profile call has been answered and read. The subscription check mounts beside the
 * profile sync and would ask at the same moment, so a status call it made has reached the server by then.
 */
async function shellSynced(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryCache().find({ queryKey: profileQueryKey, exact: false })?.state.status).toBe('success'),
  )
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main navigation' })
}

describe("a tutor's subscribed state (SPEC §4)", () => {
  it("takes subscribed from the server's stored answer; its expiry only says when to ask again", () => {
    const now = Date.parse('2030-06-01T00:00:00Z')
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2030-06-02T00:00:00Z' })
    expect(getSession().subscribed).toBe(true)
    expect(storedSubscriptionIsCurrent(now)).toBe(true)
    // An answer past its expiry still shows what the server said, until the server is asked again.
    expect(storedSubscriptionIsCurrent(Date.parse('2030-06-03T00:00:00Z'))).toBe(false)
    expect(getSession().subscribed).toBe(true)
    signInAs({ role: 'tutor', subscriptionActive: false, subscriptionExpires: '2030-06-02T00:00:00Z' })
    expect(getSession().subscribed).toBe(false)
    expect(storedSubscriptionIsCurrent(now)).toBe(false)
    localStorage.clear()
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: null })
    expect(storedSubscriptionIsCurrent(now)).toBe(false)
    localStorage.clear()
    expect(storedSubscriptionIsCurrent()).toBe(false)
  })

  it("trusts a stored 'true' with a future expiry without asking the server", async () => {
    const user = signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
    const calls = serverSays(user, true, user.subscriptionExpires ?? null)
    const { queryClient } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Nearby Requests' })).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Find Students' })).toBeInTheDocument()
    await shellSynced(queryClient)
    expect(calls.status).toBe(0)
  })

  it('asks the server when the stored expiry has passed, and clears the stored values it denies', async () => {
    const user = signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: PAST })
    const calls = serverSays(user, false, null)
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Subscribe to find students' })).toBeInTheDocument()
    await waitFor(() => expect(calls.status).toBe(1))
    await waitFor(() => expect(localStorage.getItem('subscriptionActive')).toBe('false'))
    expect(localStorage.getItem('subscriptionExpires')).toBeNull()
    expect(within(mainNav()).getByRole('link', { name: 'Subscribe' })).toBeInTheDocument()
  })

  it('asks the server when not stored as subscribed, and saves a subscription it confirms', async () => {
    const user = signInAs({ role: 'tutor', subscriptionActive: false })
    const expires = inOneYear()
    const calls = serverSays(user, true, expires)
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Nearby Requests' })).toBeInTheDocument()
    expect(calls.status).toBe(1)
    expect(localStorage.getItem('subscriptionActive')).toBe('true')
    expect(localStorage.getItem('subscriptionExpires')).toBe(expires)
    expect(within(mainNav()).getByRole('link', { name: 'Find Students' })).toBeInTheDocument()
  })

  it('does not ask for parents', async () => {
    const user = signInAs({ role: 'parent' })
    const calls = serverSays(user, false, null)
    const { queryClient } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'My Tuition Requests' })
    await shellSynced(queryClient)
    expect(calls.status).toBe(0)
  })
})

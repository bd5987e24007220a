import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const SESSION_KEYS = ['token', 'user', 'role', 'email', 'userId', 'subscriptionActive', 'subscriptionExpires']

async function signOutFromDashboard() {
  signInAs({ role: 'parent' })
  const view = renderApp('/dashboard')
  await screen.findByRole('heading', { name: 'Dashboard' })
  const nav = screen.getByRole('navigation', { name: 'Main navigation' })
  await view.user.click(within(nav).getByRole('button', { name: /sign out/i }))
  return view
}

describe('sign out (SPEC §4)', () => {
  it('tells the server with the bearer token, clears the local state and goes to /login', async () => {
    const calls: Array<string | null> = []
    server.use(
      http.post('*/api/auth/logout', ({ request }) => {
        calls.push(request.headers.get('Authorization'))
        return HttpResponse.json({ message: 'Logged out' })
      }),
    )
    await signOutFromDashboard()
    await waitFor(() => expect(currentPath()).toBe('/login'))
    expect(calls).toEqual(['Bearer test-token'])
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull()
  })

  it.each([
    ['the server fails', () => new HttpResponse(null, { status: 500 })],
    ['the network is down', () => HttpResponse.error()],
  ])('still clears the local state when %s', async (_, respond) => {
    server.use(http.post('*/api/auth/logout', respond))
    await signOutFromDashboard()
    await waitFor(() => expect(currentPath()).toBe('/login'))
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull()
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toBeInTheDocument()
  })
})

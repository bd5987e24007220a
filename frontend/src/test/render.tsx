import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import type { Profile } from '@/api/types'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/lib/query-client'
import { UnauthorizedRedirect } from '@/app/router'
import { AppRoutes } from '@/app/routes'
import { reloadSession } from '@/lib/session'
import { makeProfile } from './server'

/** Every path the router showed, in order, so a test can see redirects pass through. */
export const visited: string[] = []

function LocationProbe() {
  const location = useLocation()
  if (visited[visited.length - 1] !== location.pathname) visited.push(location.pathname)
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  )
}

/** Puts a logged-in session into storage as a login would. */
export function signInAs(overrides: Partial<Profile> = {}, token = 'test-token'): Profile {
  const user = makeProfile(overrides)
  localStorage.setItem('token', token)
  localStorage.setItem('role', user.role)
  localStorage.setItem('email', user.email.toLowerCase())
  localStorage.setItem('user', JSON.stringify(user))
  localStorage.setItem('userId', String(user.id))
  localStorage.setItem('subscriptionActive', String(user.subscriptionActive))
  if (user.subscriptionExpires) localStorage.setItem('subscriptionExpires', user.subscriptionExpires)
  reloadSession()
  return user
}

export function renderApp(path: string | { pathname: string; state?: unknown } = '/') {
  visited.length = 0
  const user = userEvent.setup()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } })
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <UnauthorizedRedirect />
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  )
  return { user, queryClient, ...result }
}

export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? ''
}

/** The address's query string, '?a=1' or ''. */
export function currentSearch(): string {
  return document.querySelector('[data-testid="location"]')?.getAttribute('data-search') ?? ''
}

import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { getSession } from '@/lib/session'
import { setUnauthorizedHandler } from '@/lib/unauthorized'
import { apiError } from '@/test/http'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { api, ApiError, callerHandles401, request } from './client'

const SESSION_KEYS = ['token', 'user', 'role', 'email', 'userId', 'subscriptionActive', 'subscriptionExpires']

function expectSessionCleared() {
  for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull()
  expect(getSession().isLoggedIn).toBe(false)
}

describe('API client', () => {
  afterEach(() => {
    setUnauthorizedHandler({ currentPath: () => window.location.pathname, redirect: () => {} })
  })

  it('sends the stored token as a bearer token', async () => {
    signInAs({}, 'abc.def.ghi')
    let auth: string | null = null
    server.use(
      http.get('*/api/auth/profile', ({ request: req }) => {
        auth = req.headers.get('Authorization')
        return HttpResponse.json({ user: {} })
      }),
    )
    await request(api.GET('/auth/profile'), 'x')
    expect(auth).toBe('Bearer abc.def.ghi')
  })

  it('asks the server to answer in the language shown, and follows a change of language', async () => {
    const languages: (string | null)[] = []
    server.use(
      http.post('*/api/auth/send-reset-otp', ({ request: req }) => {
        languages.push(req.headers.get('Accept-Language'))
        return HttpResponse.json({ message: 'ok' })
      }),
    )
    const sendOtp = () => request(api.POST('/auth/send-reset-otp', { body: { email: 'a@b.in' } }), 'x')
    await sendOtp()
    await setLanguage('hi')
    await sendOtp()
    expect(languages).toEqual(['en', 'hi'])
  })

  it('sends no Authorization header when logged out', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.post('*/api/auth/send-reset-otp', ({ request: req }) => {
        auth = req.headers.get('Authorization')
        return HttpResponse.json({ message: 'ok' })
      }),
    )
    await request(api.POST('/auth/send-reset-otp', { body: { email: 'a@b.in' } }), 'x')
    expect(auth).toBeNull()
  })

  it('gives every call a 15 s timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    server.use(http.get('*/api/health', () => HttpResponse.json({ status: 'ok', database: 'ok' })))
    await request(api.GET('/health'), 'x')
    expect(timeout).toHaveBeenCalledWith(15_000)
  })

  it("turns an error body into an ApiError with the server's message, code, fields and Retry-After", async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        apiError(
          429,
          { message: 'Too many attempts. Try again later.', code: 'rate_limited' },
          { 'Retry-After': '30' },
        ),
      ),
    )
    const error = await request(
      api.POST('/auth/login', { body: { email: 'a@b.in', password: 'p' } }),
      'Login failed',
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      message: 'Too many attempts. Try again later.',
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 30,
    })
  })

  it('uses the default message when the server sends none, or the network fails', async () => {
    server.use(http.post('*/api/auth/login', () => new HttpResponse('<html>bad gateway</html>', { status: 502 })))
    await expect(
      request(api.POST('/auth/login', { body: { email: 'a@b.in', password: 'p' } }), 'Login failed'),
    ).rejects.toThrow('Login failed')
    server.use(http.post('*/api/auth/login', () => HttpResponse.error()))
    await expect(
      request(api.POST('/auth/login', { body: { email: 'a@b.in', password: 'p' } }), 'Login failed'),
    ).rejects.toThrow('Login failed')
  })

  it('on any 401 clears the stored session and goes to /login', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    const redirect = vi.fn()
    setUnauthorizedHandler({ currentPath: () => '/dashboard', redirect })
    server.use(
      http.put('*/api/auth/profile', () =>
        apiError(401, { message: 'Session expired. Please log in again.', code: 'unauthenticated' }),
      ),
    )

    await expect(
      request(api.PUT('/auth/profile', { body: { fullname: 'X' } }), 'Failed to update profile'),
    ).rejects.toMatchObject({
      status: 401,
    })
    expectSessionCleared()
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it('leaves the redirect to a caller that handles 401 itself, still clearing the session', async () => {
    signInAs({ role: 'tutor' })
    const redirect = vi.fn()
    setUnauthorizedHandler({ currentPath: () => '/subscribe', redirect })
    let sentHeader: string | null = 'unset'
    server.use(
      http.post('*/api/payment/create-session', ({ request: sent }) => {
        sentHeader = sent.headers.get('X-Caller-Handles-401')
        return HttpResponse.json({ message: 'Session expired. Please log in again.' }, { status: 401 })
      }),
    )
    await expect(
      request(api.POST('/payment/create-session', { headers: callerHandles401 }), 'x'),
    ).rejects.toMatchObject({ status: 401, message: 'Session expired. Please log in again.' })
    expectSessionCleared()
    expect(redirect).not.toHaveBeenCalled()
    // The marker is the client's own business: it never reaches the server.
    expect(sentHeader).toBeNull()
  })

  it.each(['/login', '/register'])('on a 401 while on %s clears the session but does not navigate', async (path) => {
    signInAs()
    const redirect = vi.fn()
    setUnauthorizedHandler({ currentPath: () => path, redirect })
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 }),
      ),
    )
    await expect(
      request(api.POST('/auth/login', { body: { email: 'a@b.in', password: 'p' } }), 'Login failed'),
    ).rejects.toThrow('Invalid email or password.')
    expectSessionCleared()
    expect(redirect).not.toHaveBeenCalled()
  })

  it('logs out from the app shell when the profile fetch answers 401 on a public page', async () => {
    signInAs({ role: 'parent' })
    server.use(http.get('*/api/auth/profile', () => HttpResponse.json({ message: 'Token revoked' }, { status: 401 })))
    renderApp('/about')
    await waitFor(() => expect(currentPath()).toBe('/login'))
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
    expectSessionCleared()
  })
})

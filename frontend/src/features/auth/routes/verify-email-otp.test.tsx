import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REDIRECT_AFTER_OTP_MS } from '@/lib/constants'
import { getSession } from '@/lib/session'
import { apiError } from '@/test/http'
import { currentPath, renderApp } from '@/test/render'
import { loadScreen } from '@/test/screens'
import { makeProfile, server } from '@/test/server'
import { sanitizeOtp } from '../components/OtpInput'

const state = { email: 'new@example.com', password: 'secret123' }

async function openOtpScreen() {
  const view = renderApp({ pathname: '/verify-email-otp', state })
  await screen.findByRole('heading', { name: 'Verify Your Email' })
  return view
}

describe('email OTP screen (SPEC §4, §5)', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps digits only, at most six', () => {
    expect(sanitizeOtp('12a3-4 5')).toBe('12345')
    expect(sanitizeOtp('1234567890')).toBe('123456')
  })

  it('accepts digits only, stops at six and enables Verify only at six', async () => {
    const { user } = await openOtpScreen()
    const input = screen.getByLabelText(/verification code/i)
    const verify = screen.getByRole('button', { name: 'Verify' })
    expect(input).toHaveAttribute('maxLength', '6')

    await user.type(input, 'ab1c2')
    expect(input).toHaveValue('12')
    expect(verify).toBeDisabled()

    await user.type(input, '345')
    expect(input).toHaveValue('12345')
    expect(verify).toBeDisabled()

    await user.type(input, '6')
    expect(input).toHaveValue('123456')
    expect(verify).toBeEnabled()

    await user.type(input, '7')
    expect(input).toHaveValue('123456')
  })

  it('verifies, logs in with the registration credentials and goes to / after about 1 s', async () => {
    const calls: string[] = []
    server.use(
      http.post('*/api/verify/email-otp', async ({ request }) => {
        calls.push(`verify ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ message: 'Email verified successfully.' })
      }),
      http.post('*/api/auth/login', async ({ request }) => {
        calls.push(`login ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({
          token: 'jwt-1',
          role: 'parent',
          email: 'New@Example.com',
          user: makeProfile({ id: 42, email: 'new@example.com' }),
        })
      }),
    )
    const { user } = await openOtpScreen()
    await user.type(screen.getByLabelText(/verification code/i), '123456')
    // The 1 s before going home runs on a clock the test moves; the home page's code is loaded
    // beforehand, so the address changes the moment the redirect happens.
    await loadScreen('/')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    // The message says what happens next: the person is being signed in.
    expect(
      await screen.findByText(/^Email verified successfully\. (Signing you in…|You are signed in\.)/),
    ).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-1'))
    expect(calls).toEqual([
      'verify {"email":"new@example.com","otp":"123456"}',
      'login {"email":"new@example.com","password":"secret123"}',
    ])
    expect(localStorage.getItem('role')).toBe('parent')
    expect(localStorage.getItem('email')).toBe('new@example.com')
    expect(localStorage.getItem('userId')).toBe('42')
    expect(getSession().isLoggedIn).toBe(true)
    // The second counts from the moment the message says the person is signed in.
    expect(await screen.findByText(/You are signed in\. Taking you to the home page…$/)).toBeInTheDocument()
    expect(currentPath()).toBe('/verify-email-otp')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_OTP_MS / 2))
    expect(currentPath()).toBe('/verify-email-otp')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_OTP_MS / 2))
    expect(currentPath()).toBe('/')
  })

  it('puts the cursor in the code field when the e-mail is known', async () => {
    await openOtpScreen()
    await waitFor(() => expect(screen.getByLabelText(/verification code/i)).toHaveFocus())
  })

  it('after registering, says plainly that an existing account gets a note instead of a code, with the ways out', async () => {
    renderApp({ pathname: '/verify-email-otp', state: { ...state, justRegistered: true } })
    const note = await screen.findByTestId('duplicate-note')
    expect(note).toHaveTextContent(
      'If you already have an account with this e-mail, we sent you a note instead of a code — sign in or reset your password.',
    )
    expect(within(note).getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login')
    expect(within(note).getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/login')
  })

  it('shows the server message for a wrong code and stays', async () => {
    server.use(
      http.post('*/api/verify/email-otp', () =>
        apiError(400, { message: 'Invalid or expired code. Please request a new one.', code: 'invalid_code' }),
      ),
    )
    const { user } = await openOtpScreen()
    await user.type(screen.getByLabelText(/verification code/i), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code. Please request a new one.')
    expect(localStorage.getItem('token')).toBeNull()
    expect(currentPath()).toBe('/verify-email-otp')
  })

  it('resends the code to the e-mail from the navigation state', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/verify/resend-otp', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ message: 'A new code is on its way.' })
      }),
    )
    const { user } = await openOtpScreen()
    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument()
    expect(bodies).toEqual([{ email: 'new@example.com' }])
  })
})

describe('verification link screen', () => {
  it("says 'Invalid verification link.' when the token or e-mail is missing", async () => {
    renderApp('/verify-email?token=abc')
    expect(await screen.findByText('Invalid verification link.')).toBeInTheDocument()
  })

  it('verifies with the token and e-mail from the link', async () => {
    let query = ''
    server.use(
      http.get('*/api/verify-email', ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json({ message: 'Your e-mail is verified.' })
      }),
    )
    renderApp('/verify-email?token=t0k&email=a%40b.in')
    expect(await screen.findByText('Your e-mail is verified.')).toBeInTheDocument()
    expect(new URLSearchParams(query).get('token')).toBe('t0k')
    expect(new URLSearchParams(query).get('email')).toBe('a@b.in')
  })

  it('says so when the address was verified already, with the way to sign in', async () => {
    server.use(
      http.get('*/api/verify-email', () =>
        HttpResponse.json({
          message: 'This e-mail address is already verified. You can sign in.',
          alreadyVerified: true,
        }),
      ),
    )
    renderApp('/verify-email?token=t0k&email=a%40b.in')
    const notice = await screen.findByText('This e-mail address is already verified. You can sign in.')
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByText('Email verified successfully!')).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  })
})

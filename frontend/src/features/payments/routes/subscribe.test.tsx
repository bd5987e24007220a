import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ErrorBody } from '@/api/types'
import { DEMO_PAYMENTS_NOTICE } from '@/components/demo-payments-notice'
import { REDIRECT_AFTER_AUTH_ERROR_MS } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { createSessionHandler, inOneYear, sessionResponse } from '@/test/payments'
import { currentPath, renderApp, signInAs, visited } from '@/test/render'
import { loadScreen } from '@/test/screens'
import { server } from '@/test/server'
import { makeSite } from '@/test/site'
import { CASHFREE_SDK_URL, resetCashfreeForTests } from '../lib/cashfree'

const LOGIN_MESSAGE = 'Please log in to subscribe. You need to be logged in as a tutor to access subscription features.'

async function openAsUnsubscribedTutor() {
  signInAs({ role: 'tutor', subscriptionActive: false })
  const view = renderApp('/subscribe')
  await screen.findByRole('button', { name: 'Subscribe Now' })
  return view
}

function cashfreeScripts() {
  return document.querySelectorAll(`script[src="${CASHFREE_SDK_URL}"]`)
}

afterEach(() => {
  vi.useRealTimers()
  cashfreeScripts().forEach((script) => script.remove())
  resetCashfreeForTests()
})

/**
 * The 2 s before /login run on a clock the test moves (from here on); the login page's code is
 * loaded beforehand, so the address changes the moment the redirect happens.
 */
async function redirectClock() {
  await loadScreen('/login')
  vi.useFakeTimers({ shouldAdvanceTime: true })
}

/** Still here 1.5 s after the message showed (the 2 s are not cut short), gone to /login at 2 s. */
async function expectLoginAfterTwoSeconds() {
  const stillHereAt = 1_500
  await act(() => vi.advanceTimersByTimeAsync(stillHereAt))
  expect(currentPath()).toBe('/subscribe')
  await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_AUTH_ERROR_MS - stillHereAt))
  expect(currentPath()).toBe('/login')
}

describe('subscribe page (SPEC §2 "Subscribe page")', () => {
  it('tells tutors when the site runs demo payments, and only then', async () => {
    server.use(http.get('*/api/site', () => HttpResponse.json(makeSite({ demoPayments: true }))))
    await openAsUnsubscribedTutor()
    expect(await screen.findByText(DEMO_PAYMENTS_NOTICE)).toBeInTheDocument()
  })

  it('shows no demo notice where payments are real', async () => {
    await openAsUnsubscribedTutor()
    await screen.findByTestId('support-line')
    expect(screen.queryByText(DEMO_PAYMENTS_NOTICE)).not.toBeInTheDocument()
  })

  it('shows the Tutor Premium card: 499 per year, 1.37 per day, Best Value, six benefits, Subscribe Now', async () => {
    await openAsUnsubscribedTutor()
    const card = screen.getByRole('region', { name: 'Tutor Premium' })
    expect(within(card).getByText('Best Value')).toBeInTheDocument()
    expect(card).toHaveTextContent('₹499 per year')
    expect(card).toHaveTextContent('just ₹1.37 per day')
    expect(within(within(card).getByRole('list', { name: 'Benefits' })).getAllByRole('listitem')).toHaveLength(6)
    expect(screen.getByTestId('support-line')).toHaveTextContent('support@hometutor.in')
    expect(screen.queryByText('Subscription Active')).not.toBeInTheDocument()
  })

  it('shows an active subscriber (per the server) the validity date and a way to nearby requests', async () => {
    const expires = inOneYear()
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: expires })
    renderApp('/subscribe')
    expect(await screen.findByRole('heading', { name: 'Subscription Active' })).toBeInTheDocument()
    expect(screen.getByText(/Valid until/)).toHaveTextContent(`Valid until ${formatDate(expires, 'long')}`)
    expect(screen.getByRole('link', { name: 'Find Students Near You' })).toHaveAttribute('href', '/nearby')
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).not.toBeInTheDocument()
    expect(screen.getByTestId('support-line')).toHaveTextContent('+91 98765 43210')
  })

  it('believes the server over the browser: a stored active flag the server denies shows the plan and is cleared', async () => {
    const stored = signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
    server.use(
      http.get('*/api/payment/subscription-status', () =>
        HttpResponse.json({ subscriptionActive: false, subscriptionExpires: null }),
      ),
      http.get('*/api/auth/profile', () =>
        HttpResponse.json({ user: { ...stored, subscriptionActive: false, subscriptionExpires: null } }),
      ),
    )
    renderApp('/subscribe')
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument()
    expect(localStorage.getItem('subscriptionActive')).toBe('false')
    expect(localStorage.getItem('subscriptionExpires')).toBeNull()
  })

  it('starts a simulated payment: stores the pending order and opens our own checkout page', async () => {
    const { handler, calls } = createSessionHandler(sessionResponse({ orderId: 'order_xyz', order_id: 'order_xyz' }))
    server.use(handler)
    const { user } = await openAsUnsubscribedTutor()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument()
    expect(currentPath()).toBe('/payment/checkout')
    expect(calls.count).toBe(1)
    expect(localStorage.getItem('pendingOrderId')).toBe('order_xyz')
    expect(localStorage.getItem('pendingOrderAmount')).toBe('499')
    expect(Date.parse(localStorage.getItem('pendingOrderDate') ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(screen.getByText('order_xyz')).toBeInTheDocument()
    // Nothing was activated by starting a payment, and Cashfree's script was not loaded.
    expect(localStorage.getItem('subscriptionActive')).toBe('false')
    expect(cashfreeScripts()).toHaveLength(0)
  })

  it("says 'Processing...' while the session is being created", async () => {
    let release: () => void = () => {}
    server.use(
      http.post('*/api/payment/create-session', async () => {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return HttpResponse.json(sessionResponse())
      }),
    )
    const { user } = await openAsUnsubscribedTutor()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
    const busy = await screen.findByRole('button', { name: /Processing\.\.\./ })
    expect(busy).toBeDisabled()
    release()
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument()
  })

  it("loads Cashfree's checkout only in cashfree mode and opens it with the session id in this tab", async () => {
    server.use(
      createSessionHandler(
        sessionResponse({ provider: 'cashfree', environment: 'production', payment_session_id: 'cf_sess_9' }),
      ).handler,
    )
    const checkout = vi.fn().mockResolvedValue({})
    const factory = vi.fn(() => ({ checkout }))
    const { user } = await openAsUnsubscribedTutor()
    expect(cashfreeScripts()).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))

    await waitFor(() => expect(cashfreeScripts()).toHaveLength(1))
    window.Cashfree = factory
    cashfreeScripts()[0].dispatchEvent(new Event('load'))
    await waitFor(() =>
      expect(checkout).toHaveBeenCalledWith({ paymentSessionId: 'cf_sess_9', redirectTarget: '_self' }),
    )
    expect(factory).toHaveBeenCalledWith({ mode: 'production' })
    expect(localStorage.getItem('pendingOrderId')).toBe('order_abc')
    expect(localStorage.getItem('pendingOrderProvider')).toBe('cashfree')
    expect(currentPath()).toBe('/subscribe')
  })

  it("reports a Cashfree script that cannot load with the spec's fallback", async () => {
    server.use(createSessionHandler(sessionResponse({ provider: 'cashfree', environment: 'sandbox' })).handler)
    const { user } = await openAsUnsubscribedTutor()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
    await waitFor(() => expect(cashfreeScripts()).toHaveLength(1))
    cashfreeScripts()[0].dispatchEvent(new Event('error'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment processing failed. Please try again.')
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled()
  })

  it.each([
    ['success without a session id', sessionResponse({ payment_session_id: '', sessionId: '' }), 200],
    ['success: false', sessionResponse({ success: false }), 200],
  ])('refuses %s', async (_case, body, status) => {
    server.use(createSessionHandler(body, status).handler)
    const { user } = await openAsUnsubscribedTutor()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No valid payment session ID received from backend. Please try again.',
    )
    expect(currentPath()).toBe('/subscribe')
    expect(localStorage.getItem('pendingOrderId')).toBeNull()
  })

  it.each([
    [403, { message: 'Forbidden', code: 'not_a_tutor' }, 'Only tutors can subscribe. Please log in as a tutor.'],
    [400, { message: 'Your account is not active.', code: 'invalid_request' }, 'Your account is not active.'],
    // A 4xx without a body of the server's (a proxy's): the SPEC §8 default.
    [409, null, 'Payment setup failed. Please check your account and try again.'],
    [
      502,
      { code: 'provider_unavailable', message: 'The provider is down.' },
      'Server error. Please try again later or contact support.',
    ],
    [
      500,
      { code: 'internal', message: 'An unexpected error occurred. Please try again.' },
      'Server error. Please try again later or contact support.',
    ],
  ] satisfies [number, ErrorBody | null, string][])(
    'maps a %i answer to the SPEC §8 message',
    async (status, body, expected) => {
      server.use(createSessionHandler(body, status).handler)
      const { user } = await openAsUnsubscribedTutor()
      await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(expected)
      expect(currentPath()).toBe('/subscribe')
      expect(localStorage.getItem('token')).toBe('test-token')
    },
  )

  it('maps a network failure to the server-error message', async () => {
    server.use(http.post('*/api/payment/create-session', () => HttpResponse.error()))
    const { user } = await openAsUnsubscribedTutor()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server error. Please try again later or contact support.',
    )
  })

  it('on an expired session says so, clears the token and goes to /login after 2 s', async () => {
    server.use(
      createSessionHandler({ message: 'Session expired. Please log in again.', code: 'unauthenticated' }, 401).handler,
    )
    const { user } = await openAsUnsubscribedTutor()
    await redirectClock()
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.')
    expect(localStorage.getItem('token')).toBeNull()
    expect(currentPath()).toBe('/subscribe')
    await expectLoginAfterTwoSeconds()
  })

  it('tells a logged-out visitor to log in, then goes to /login after 2 s', async () => {
    await redirectClock()
    renderApp('/subscribe')
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_MESSAGE)
    expect(currentPath()).toBe('/subscribe')
    await expectLoginAfterTwoSeconds()
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
  })

  it('sends a parent away at once', async () => {
    signInAs({ role: 'parent' })
    renderApp('/subscribe')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(visited).toEqual(['/subscribe', '/login', '/dashboard'])
    expect(screen.queryByText(LOGIN_MESSAGE)).not.toBeInTheDocument()
  })
})

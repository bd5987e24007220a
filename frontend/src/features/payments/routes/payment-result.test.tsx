import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@/api/types'
import { formatDate } from '@/lib/format'
import { apiError } from '@/test/http'
import { inOneYear } from '@/test/payments'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { RETRY_DELAY_MS, verifyPaymentQueryOptions } from '../api/verify-payment'

const EXPIRES = inOneYear()

function seedPendingOrder(orderId: string, provider = 'simulated') {
  localStorage.setItem('pendingOrderId', orderId)
  localStorage.setItem('pendingOrderAmount', '499')
  localStorage.setItem('pendingOrderDate', new Date().toISOString())
  localStorage.setItem('pendingOrderProvider', provider)
}

/** verify answering success; the profile then reports the server's new state too. */
function paidServer(tutor: Profile) {
  const calls = { verify: [] as unknown[], profile: 0 }
  server.use(
    http.post('*/api/payment/verify', async ({ request }) => {
      calls.verify.push(await request.json())
      return HttpResponse.json({
        success: true,
        subscriptionActive: true,
        subscriptionExpires: EXPIRES,
        user: { id: tutor.id },
        message: 'Payment verified. Your subscription is active.',
      })
    }),
    http.get('*/api/auth/profile', () => {
      calls.profile += 1
      const paid = calls.verify.length > 0
      return HttpResponse.json({
        user: { ...tutor, subscriptionActive: paid, subscriptionExpires: paid ? EXPIRES : null },
      })
    }),
  )
  return calls
}

function tutor() {
  return signInAs({ role: 'tutor', subscriptionActive: false, email: 'meera@example.com' })
}

describe('payment result page (SPEC §2 "Payment result page", §4 "Payment page")', () => {
  afterEach(() => vi.useRealTimers())

  it('verifies the order with the server, then shows the success with Valid Until and Annual Plan', async () => {
    const calls = paidServer(tutor())
    seedPendingOrder('order_abc')
    renderApp('/payment-success?order_id=order_abc')

    expect(await screen.findByText(/Verifying your payment/)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(calls.verify).toEqual([{ orderId: 'order_abc' }])

    const validUntil = screen.getByText('Valid Until').nextElementSibling as HTMLElement
    expect(validUntil).toHaveTextContent(formatDate(EXPIRES, 'long'))
    expect(within(validUntil).getByText(formatDate(EXPIRES, 'long'))).toHaveAttribute('datetime', EXPIRES)
    expect(screen.getByText('Subscription Type').nextElementSibling).toHaveTextContent('Annual Plan')
    expect(screen.getByRole('link', { name: 'Find Students Near You' })).toHaveAttribute('href', '/nearby')

    // Saved from the server's answer; the pending order is done with.
    expect(localStorage.getItem('subscriptionActive')).toBe('true')
    expect(localStorage.getItem('subscriptionExpires')).toBe(EXPIRES)
    expect(localStorage.getItem('pendingOrderId')).toBeNull()
    expect(localStorage.getItem('pendingOrderAmount')).toBeNull()
    expect(localStorage.getItem('pendingOrderDate')).toBeNull()

    // The nav switched from Subscribe to Find Students, and the cached profile was fetched again.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Find Students' })).toBeInTheDocument())
    expect(within(nav).queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument()
    await waitFor(() => expect(calls.profile).toBeGreaterThanOrEqual(2))
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ subscriptionActive: true })
  })

  it('notes a simulated payment', async () => {
    paidServer(tutor())
    seedPendingOrder('order_sim', 'simulated')
    renderApp('/payment-success?order_id=order_sim')
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })
    expect(screen.getByText(/This was a simulated payment/)).toBeInTheDocument()
  })

  it('has no simulated note for a real payment', async () => {
    paidServer(tutor())
    seedPendingOrder('order_cf', 'cashfree')
    renderApp('/payment-success?order_id=order_cf')
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })
    expect(screen.queryByText(/simulated payment/)).not.toBeInTheDocument()
  })

  it('shows a refused verification with the server message, the reassurance, Try Again and Contact Support', async () => {
    tutor()
    seedPendingOrder('order_gone')
    server.use(
      http.post('*/api/payment/verify', () =>
        apiError(402, {
          code: 'payment_closed',
          message: 'This payment was cancelled or has expired. Please try again.',
        }),
      ),
    )
    const { user } = renderApp('/payment-success?order_id=order_gone')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This payment was cancelled or has expired. Please try again.')
    expect(screen.getByText(/If money was deducted/)).toHaveTextContent(/confirmed automatically or refunded/)
    expect(screen.getByText(/If money was deducted/)).toHaveTextContent('order_gone')
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact-us')
    expect(localStorage.getItem('subscriptionActive')).toBe('false')
    // The pending order stays: the payment may still be confirmed later.
    expect(localStorage.getItem('pendingOrderId')).toBe('order_gone')

    await user.click(screen.getByRole('link', { name: 'Try Again' }))
    await waitFor(() => expect(currentPath()).toBe('/subscribe'))
  })

  it("falls back to the spec's message when the server sends none", async () => {
    tutor()
    server.use(http.post('*/api/payment/verify', () => new HttpResponse(null, { status: 502 })))
    renderApp('/payment-success?order_id=order_x')
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment verification failed. Please contact support.')
  })

  it('does not trust a 200 answer that is not a success', async () => {
    tutor()
    server.use(
      http.post('*/api/payment/verify', () =>
        HttpResponse.json({ success: false, subscriptionActive: false, user: { id: 7 }, message: 'Hmm' }),
      ),
    )
    renderApp('/payment-success?order_id=order_x')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument()
    expect(localStorage.getItem('subscriptionActive')).toBe('false')
  })

  it('asks again while the provider has not completed a fresh payment yet', async () => {
    tutor()
    let calls = 0
    server.use(
      http.post('*/api/payment/verify', () => {
        calls += 1
        if (calls === 1) return apiError(402, { code: 'payment_not_completed', message: 'Not yet.' })
        return HttpResponse.json({
          success: true,
          subscriptionActive: true,
          subscriptionExpires: EXPIRES,
          user: { id: 7 },
          message: 'ok',
        })
      }),
    )
    // The pause before asking again runs on a clock the test moves.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { queryClient } = renderApp('/payment-success?order_id=order_slow')
    // The first answer has been read and the pause before the next question has begun.
    const verifyKey = verifyPaymentQueryOptions('order_slow').queryKey
    await waitFor(() => expect(queryClient.getQueryState(verifyKey)?.fetchFailureCount).toBe(1))
    expect(calls).toBe(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying Payment' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAY_MS))
    expect(calls).toBe(2)
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('without an order_id goes straight to the failure, asking the server nothing', async () => {
    tutor()
    let verifyCalls = 0
    server.use(
      http.post('*/api/payment/verify', () => {
        verifyCalls += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    renderApp('/payment-success')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid payment session. Order ID not found.')
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscribe')
    expect(verifyCalls).toBe(0)
  })
})

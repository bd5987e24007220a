import { http, HttpResponse } from 'msw'

/** One year from now, as the server would set a fresh subscription's expiry. */
export function inOneYear(from = Date.now()): string {
  const date = new Date(from)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return date.toISOString()
}

export function sessionResponse(overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    payment_session_id: 'sess_123',
    sessionId: 'sess_123',
    orderId: 'order_abc',
    order_id: 'order_abc',
    amount: 499,
    currency: 'INR',
    provider: 'simulated',
    message: 'Payment session created.',
    ...overrides,
  }
}

/** create-session answering with `body` and `status`; records how often it was called. */
export function createSessionHandler(body: unknown, status = 200) {
  const calls = { count: 0 }
  const handler = http.post('*/api/payment/create-session', () => {
    calls.count += 1
    return HttpResponse.json(body as Record<string, unknown>, { status })
  })
  return { handler, calls }
}

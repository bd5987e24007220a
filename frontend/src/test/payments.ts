import { http, HttpResponse } from 'msw'
import type { ErrorBody } from '@/api/types'
import type { Body } from './http'

/** One year from now, as the server would set a fresh subscription's expiry. */
export function inOneYear(from = Date.now()): string {
  const date = new Date(from)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return date.toISOString()
}

/** A successful create-session answer, with `overrides` (empty ids, `success: false`) to see them refused. */
export function sessionResponse(overrides: Partial<Body<'CreateSessionResponse'>> = {}): Body<'CreateSessionResponse'> {
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

/**
 * create-session answering with `body` and `status` (no body at all for `null`: a proxy, not the
 * server); records how often it was called.
 */
export function createSessionHandler(body: Body<'CreateSessionResponse'> | ErrorBody | null, status = 200) {
  const calls = { count: 0 }
  const handler = http.post('*/api/payment/create-session', () => {
    calls.count += 1
    return body === null ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status })
  })
  return { handler, calls }
}

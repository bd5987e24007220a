import { useMutation } from '@tanstack/react-query'
import { api, ApiError, callerHandles401, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import type { CashfreeMode } from '../lib/cashfree'

export type PaymentProvider = 'simulated' | 'cashfree'

/** An order the server opened, ready for its checkout. */
export interface PaymentSession {
  orderId: string
  paymentSessionId: string
  amount: number
  provider: PaymentProvider
  /** Cashfree's checkout mode; `sandbox` unless the server says otherwise. */
  environment: CashfreeMode
}

/** Why a payment could not start, with the SPEC §8 text to show. */
export class PaymentStartError extends Error {
  /** The server answered 401: the stored session is gone and the person must log in again. */
  readonly loggedOut: boolean

  constructor(message: string, loggedOut = false) {
    super(message)
    this.name = 'PaymentStartError'
    this.loggedOut = loggedOut
  }
}

/** SPEC §8 "Payment creation": the message for a failed create-session call. */
export function paymentStartMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.paymentFailed
  const { status, message } = error
  if (status === 401 && /session expired/i.test(message)) return MESSAGES.sessionExpired
  if (status === 403) return MESSAGES.tutorsOnly
  if (status >= 400 && status < 500) return message || MESSAGES.paymentSetupFailed
  if (status >= 500 || status === 0) return MESSAGES.paymentServerError
  return MESSAGES.paymentFailed
}

/**
 * POST /payment/create-session: the server sets the amount and the order id. A 401 here is shown
 * on the subscribe page for 2 s before /login (SPEC §8), so the client's immediate redirect is off.
 */
export async function createPaymentSession(): Promise<PaymentSession> {
  let data
  try {
    // An empty fallback: "no server message" must stay recognisable for the mapping above.
    data = await request(api.POST('/payment/create-session', { headers: callerHandles401 }), '')
  } catch (error) {
    throw new PaymentStartError(paymentStartMessage(error), error instanceof ApiError && error.status === 401)
  }
  const paymentSessionId = data?.payment_session_id || data?.sessionId
  if (data?.success !== true || !paymentSessionId) throw new PaymentStartError(MESSAGES.noPaymentSession)
  const orderId = data.orderId || data.order_id
  const provider = data.provider === 'cashfree' || data.provider === 'simulated' ? data.provider : null
  if (!orderId || !provider) throw new PaymentStartError(MESSAGES.paymentFailed)
  return {
    orderId,
    paymentSessionId,
    amount: data.amount,
    provider,
    environment: data.environment === 'production' ? 'production' : 'sandbox',
  }
}

export function useCreatePaymentSession() {
  return useMutation({ mutationFn: createPaymentSession })
}

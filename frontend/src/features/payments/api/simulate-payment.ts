import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export type SimulatedOutcome = 'paid' | 'cancelled'

/**
 * POST /payment-dev/simulate-payment (simulated mode only): records what the person chose on
 * the simulated checkout page. It activates nothing; /payment/verify does.
 */
export function simulatePayment(input: { orderId: string; outcome: SimulatedOutcome }) {
  return request(api.POST('/payment-dev/simulate-payment', { body: input }), MESSAGES.paymentFailed)
}

export function useSimulatePayment() {
  return useMutation({ mutationFn: simulatePayment })
}

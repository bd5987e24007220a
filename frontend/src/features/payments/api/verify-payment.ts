import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, request } from '@/api/client'
import { profileQueryKey, subscriptionStatusQueryKey } from '@/api/query-keys'
import { MESSAGES } from '@/lib/messages'
import { setSubscription } from '@/lib/session'
import { clearPendingOrder } from '../lib/pending-order'

/**
 * POST /payment/verify: the server asks its provider about the order and activates the
 * subscription only when it was paid. Only a successful answer is saved in the browser.
 */
export async function verifyPayment(orderId: string) {
  const data = await request(api.POST('/payment/verify', { body: { orderId } }), MESSAGES.paymentVerificationFailed)
  if (data.success !== true || data.subscriptionActive !== true || !data.subscriptionExpires) {
    throw new ApiError(MESSAGES.paymentVerificationFailed, { status: 200 })
  }
  setSubscription(true, data.subscriptionExpires)
  clearPendingOrder()
  return data
}

/** Cashfree may not have marked a fresh payment PAID yet: ask again a few times before failing. */
const NOT_COMPLETED_RETRIES = 2
export const RETRY_DELAY_MS = 1_500

export function verifyPaymentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['payment', 'verify', orderId],
    queryFn: () => verifyPayment(orderId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (failures: number, error: Error) =>
      error instanceof ApiError && error.code === 'payment_not_completed' && failures < NOT_COMPLETED_RETRIES,
    retryDelay: RETRY_DELAY_MS,
  })
}

/** Verifies `orderId` once per page; afterwards the profile and status are fetched afresh. */
export function useVerifyPayment(orderId: string) {
  const queryClient = useQueryClient()
  return useQuery({
    ...verifyPaymentQueryOptions(orderId),
    enabled: Boolean(orderId),
    queryFn: async () => {
      const data = await verifyPayment(orderId)
      // The nav and dashboard follow the stored flag at once; these bring the cached copies along.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey })
      void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey })
      return data
    },
  })
}

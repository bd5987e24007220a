import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { subscriptionStatusQueryKey } from '@/api/query-keys'
import { MESSAGES } from '@/lib/messages'
import { setSubscription, useSession } from '@/lib/session'

/** GET /payment/subscription-status; the answer is saved (or the stored values cleared), SPEC §4. */
export async function getSubscriptionStatus() {
  const data = await request(api.GET('/payment/subscription-status'), MESSAGES.subscriptionCheckFailed)
  setSubscription(data.subscriptionActive, data.subscriptionExpires)
  return data
}

export function subscriptionStatusQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...subscriptionStatusQueryKey, token],
    queryFn: getSubscriptionStatus,
    staleTime: 30_000,
  })
}

/** The logged-in tutor's subscription as the server sees it; idle while logged out or disabled. */
export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const { token } = useSession()
  return useQuery({ ...subscriptionStatusQueryOptions(token), enabled: enabled && Boolean(token) })
}

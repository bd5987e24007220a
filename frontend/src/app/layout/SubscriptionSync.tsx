import { useState } from 'react'
import { useSubscriptionStatus } from '@/features/payments/api/subscription-status'
import { storedSubscriptionIsCurrent } from '@/lib/session'

/**
 * Mounted while a tutor is logged in (SPEC §4): the subscription comes from the stored flag when
 * it is 'true' and the stored expiry is still ahead; otherwise the server is asked, and its answer
 * is saved or the stored values cleared (the query does that), which the nav and dashboard follow.
 */
export default function SubscriptionSync() {
  const [mustAsk] = useState(() => !storedSubscriptionIsCurrent())
  useSubscriptionStatus({ enabled: mustAsk })
  return null
}

import { useIsFetching, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { myRequestsQueryKey } from '@/api/query-keys'

/**
 * Whether the parent's panels (their requests, then the tutors recommended for them) have their
 * data: from then on, and not before, the testimonial card may show below them. Shown earlier, it
 * was pushed down as they filled in (a layout shift). Once true, it stays true.
 */
export function useParentPanelsSettled(): boolean {
  // Observes the requests the panel fetches; never fetches them itself.
  const requests = useQuery({ queryKey: myRequestsQueryKey, enabled: false })
  const fetching = useIsFetching()
  const settledNow = requests.data !== undefined && fetching === 0
  const [settled, setSettled] = useState(false)
  if (settledNow && !settled) setSettled(true)
  return settled || settledNow
}

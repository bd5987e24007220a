import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { onLive } from '@/lib/live-events'
import { nearbyQueryKey } from '../api/keys'

/** Notification kinds that change what a tutor's nearby search finds. */
const CHANGES_NEARBY = new Set(['new_request', 'request_closed'])

/**
 * Searches again when a live notification says a request near the tutor was posted or closed, so a
 * list cached a moment ago (the dashboard's) never hides the request the alert links to.
 */
export function useLiveNearby() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      onLive((frame) => {
        const kind = (frame.data as { kind?: unknown } | null)?.kind
        if (frame.event === 'notification' && typeof kind === 'string' && CHANGES_NEARBY.has(kind)) {
          void queryClient.invalidateQueries({ queryKey: nearbyQueryKey })
        }
      }),
    [queryClient],
  )
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { useLiveConnected } from '@/lib/live-events'
import { useSession } from '@/lib/session'
import { notificationUnreadQueryKey } from './keys'

/** While the socket is down, the count is asked for this often instead of arriving live. */
export const UNREAD_POLL_MS = 60_000

/** GET /notifications/unread-count. */
export function getUnreadNotifications() {
  return request(api.GET('/notifications/unread-count'), 'Failed to load notifications')
}

export function unreadNotificationsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...notificationUnreadQueryKey, token],
    queryFn: getUnreadNotifications,
    select: (data) => data.unread,
  })
}

/** The logged-in user's unread count: live over the socket, polled only while the socket is down. */
export function useUnreadNotifications() {
  const { token } = useSession()
  const live = useLiveConnected()
  return useQuery({
    ...unreadNotificationsQueryOptions(token),
    enabled: Boolean(token),
    refetchInterval: live ? false : UNREAD_POLL_MS,
  })
}

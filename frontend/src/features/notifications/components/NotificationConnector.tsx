import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { onLive, useLiveConnected } from '@/lib/live-events'
import { notificationListQueryKey, notificationUnreadQueryKey, notificationsQueryKey } from '../api/keys'
import type { Notification, NotificationPage, UnreadCount } from '../api/types'
import { useUnreadNotifications } from '../api/unread-count'
import { toastNotification } from '../lib/live-toasts'
import { setNotificationUnread } from '../lib/unread-store'

function isNotification(value: unknown): value is Notification {
  if (!value || typeof value !== 'object') return false
  const v = value as Partial<Notification>
  return typeof v.id === 'number' && typeof v.title === 'string'
}

/**
 * Mounted by the shell while logged in: keeps the bell's count, and takes each live `notification`
 * from the socket: first in the cached list, one more unread, and a snackbar (none while a list is on
 * screen: live-toasts.ts). When the socket comes back after being down, the list and count are fetched
 * again (what arrived meanwhile is stored).
 */
export default function NotificationConnector() {
  const queryClient = useQueryClient()
  const unread = useUnreadNotifications()
  const live = useLiveConnected()
  // Whether the socket was open before: its first connect needs no catch-up, a reconnect does.
  const wasLive = useRef(live)
  const everLive = useRef(live)

  useEffect(() => {
    if (unread.data !== undefined) setNotificationUnread(unread.data)
  }, [unread.data])

  useEffect(() => () => setNotificationUnread(0), [])

  useEffect(() => {
    if (live && !wasLive.current && everLive.current) {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey })
    }
    wasLive.current = live
    if (live) everLive.current = true
  }, [live, queryClient])

  useEffect(
    () =>
      onLive((frame) => {
        if (frame.event !== 'notification' || !isNotification(frame.data)) return
        const notice = frame.data
        let added = true
        queryClient.setQueryData<NotificationPage>(notificationListQueryKey, (old) => {
          if (!old) return old
          if (old.items.some((n) => n.id === notice.id)) {
            added = false
            return old
          }
          return { ...old, items: [notice, ...old.items] }
        })
        if (!added) return
        if (!notice.read) {
          queryClient.setQueriesData<UnreadCount>({ queryKey: notificationUnreadQueryKey }, (old) =>
            old ? { unread: old.unread + 1 } : old,
          )
        }
        toastNotification(notice)
      }),
    [queryClient],
  )
  return null
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { notificationListQueryKey, notificationUnreadQueryKey } from './keys'
import type { NotificationPage, UnreadCount } from './types'

/** The two forms of the document's ReadBody the app sends (the server refuses both or neither). */
export type MarkRead = { ids: number[] } | { all: true }

export const MARK_READ_FAILED = 'Failed to mark notifications as read'

/** POST /notifications/read `{ids}` or `{all: true}`: answers the unread count left. */
export function markRead(body: MarkRead) {
  return request(api.POST('/notifications/read', { body }), MARK_READ_FAILED)
}

/** Marks read, then shows it at once: the list's dots and the count follow the server's answer. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: (data, body) => {
      const ids = 'ids' in body ? new Set(body.ids) : null
      queryClient.setQueryData<NotificationPage>(notificationListQueryKey, (old) =>
        old ? { ...old, items: old.items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)) } : old,
      )
      queryClient.setQueriesData<UnreadCount>({ queryKey: notificationUnreadQueryKey }, () => ({
        unread: data.unread,
      }))
    },
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { notificationListQueryKey } from './keys'
import type { Notification, NotificationPage } from './types'

export const NOTIFICATIONS_PAGE_SIZE = 20
export const LOAD_NOTIFICATIONS_FAILED = 'Failed to load notifications'

/** GET /notifications?before=&limit=: newest first; `nextCursor` is the next page's `before`. */
export function getNotifications(before?: number) {
  return request(
    api.GET('/notifications', { params: { query: { before, limit: NOTIFICATIONS_PAGE_SIZE } } }),
    LOAD_NOTIFICATIONS_FAILED,
  )
}

/**
 * The cache holds one list: the pages loaded so far, joined, with the cursor of the next. (Not
 * useInfiniteQuery: its helpers would join the query core in the first page load's chunk.) A
 * refetch starts again from the newest page.
 */
export function notificationsQueryOptions() {
  return queryOptions({ queryKey: notificationListQueryKey, queryFn: () => getNotifications() })
}

/** Each notification once, in the order given. */
export function uniqueById(items: Notification[]): Notification[] {
  const seen = new Set<number>()
  return items.filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)))
}

/** The list and 'Load more' (the next page, appended). */
export function useNotifications() {
  const queryClient = useQueryClient()
  const list = useQuery(notificationsQueryOptions())
  const more = useMutation({
    mutationFn: (before: number) => getNotifications(before),
    onSuccess: (page) =>
      queryClient.setQueryData<NotificationPage>(notificationListQueryKey, (old) =>
        old ? { items: uniqueById([...old.items, ...page.items]), nextCursor: page.nextCursor } : page,
      ),
  })
  const cursor = list.data?.nextCursor ?? null
  return {
    list,
    items: list.data?.items ?? [],
    hasMore: cursor !== null,
    loadMore: () => {
      if (cursor !== null) more.mutate(cursor)
    },
    loadingMore: more.isPending,
    loadMoreError: more.error,
  }
}

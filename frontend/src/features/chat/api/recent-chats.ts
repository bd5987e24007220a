import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/constants'
import { chatKeys } from './keys'

/** GET /chat/{userId}?recent=1: the partners I chatted with, by e-mail, with their unread counts. */
export function recentChatsQueryOptions(me: number) {
  return queryOptions({
    queryKey: [...chatKeys.recent, me],
    queryFn: () =>
      request(
        api.GET('/chat/{userId}', { params: { path: { userId: me }, query: { recent: '1' } } }),
        MESSAGES.loadMessagesFailed,
      ),
  })
}

/** Idle until my id is known. */
export function useRecentChats(me: number) {
  return useQuery({ ...recentChatsQueryOptions(me), enabled: me > 0 })
}

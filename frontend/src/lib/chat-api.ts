import { useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { unreadQueryKey } from '@/api/query-keys'
import { MESSAGES } from './constants'
import { setUnread } from './unread'

/** GET /messages/unread: stored in localStorage too (SPEC §3) for the navigation badge. */
export async function fetchUnread() {
  const data = await request(api.GET('/messages/unread'), MESSAGES.loadMessagesFailed)
  setUnread(data)
  return data
}

export function useUnread(enabled = true) {
  return useQuery({ queryKey: unreadQueryKey, queryFn: fetchUnread, enabled })
}

/** POST /messages/read {partnerId}. */
export function markRead(partnerId: number) {
  return request(api.POST('/messages/read', { body: { partnerId } }), MESSAGES.loadMessagesFailed)
}

/** GET /messages?userId=: newest page first; returned oldest → newest for display. */
export async function fetchHistory(userId: number) {
  const data = await request(api.GET('/messages', { params: { query: { userId } } }), MESSAGES.loadMessagesFailed)
  return [...data].reverse()
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { setUnread } from '../lib/unread'
import { chatKeys } from './keys'

/** GET /messages/unread: stored in localStorage too (SPEC §3) for the navigation badge. */
export async function fetchUnread() {
  const data = await request(api.GET('/messages/unread'), MESSAGES.loadMessagesFailed)
  setUnread(data)
  return data
}

export function unreadQueryOptions() {
  return queryOptions({ queryKey: chatKeys.unread, queryFn: fetchUnread })
}

export function useUnread() {
  return useQuery(unreadQueryOptions())
}

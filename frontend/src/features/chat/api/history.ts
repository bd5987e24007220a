import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { chatKeys } from './keys'

/** GET /messages?userId=: newest page first; returned oldest → newest for display. */
export async function fetchHistory(userId: number) {
  const data = await request(api.GET('/messages', { params: { query: { userId } } }), MESSAGES.loadMessagesFailed)
  return [...data].reverse()
}

/** Always fetched afresh when a conversation opens: live messages merge into it from the socket. */
export function chatHistoryQueryOptions(partnerId: number) {
  return queryOptions({
    queryKey: [...chatKeys.history, partnerId],
    queryFn: () => fetchHistory(partnerId),
    staleTime: 0,
    gcTime: 0,
  })
}

export function useChatHistory(partnerId: number) {
  return useQuery(chatHistoryQueryOptions(partnerId))
}

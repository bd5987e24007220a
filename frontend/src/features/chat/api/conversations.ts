import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { chatKeys } from './keys'

/** GET /messages/conversations: my conversations, most recent first, with their unread counts. */
export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: () => request(api.GET('/messages/conversations'), MESSAGES.loadMessagesFailed),
  })
}

export function useConversations() {
  return useQuery(conversationsQueryOptions())
}

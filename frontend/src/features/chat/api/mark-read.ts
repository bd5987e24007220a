import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { chatKeys } from './keys'

/** POST /messages/read {partnerId}. */
export function markRead(partnerId: number) {
  return request(api.POST('/messages/read', { body: { partnerId } }), MESSAGES.loadMessagesFailed)
}

/** Marks a conversation read, then refreshes the counts and lists that show its unread messages. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: () =>
      Promise.all(
        [chatKeys.unread, chatKeys.conversations].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage, request } from '@/api/client'
import { blockStatusQueryKey, unreadQueryKey } from '@/api/query-keys'
import { MESSAGES } from './constants'
import { notifyError, notifySuccess } from './toaster'
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

/** GET /chat/block/{partnerId}: whether I refuse this partner's messages. */
export function useBlockStatus(partnerId: number) {
  return useQuery({
    queryKey: [...blockStatusQueryKey, partnerId],
    queryFn: () =>
      request(api.GET('/chat/block/{partnerId}', { params: { path: { partnerId } } }), MESSAGES.blockFailed),
  })
}

/**
 * POST /chat/block or DELETE /chat/block/{partnerId}; the stored answer becomes the new status.
 * The confirmation lives on the mutation, not on mutate(), so it still shows if the dialog closes first.
 */
export function useSetBlocked(partner: { id: number; name: string }) {
  const queryClient = useQueryClient()
  const partnerId = partner.id
  return useMutation({
    mutationFn: async (blocked: boolean) => {
      await (blocked
        ? request(api.POST('/chat/block', { body: { partnerId } }), MESSAGES.blockFailed)
        : request(api.DELETE('/chat/block/{partnerId}', { params: { path: { partnerId } } }), MESSAGES.blockFailed))
      return blocked
    },
    onSuccess: (blocked) => {
      queryClient.setQueryData([...blockStatusQueryKey, partnerId], { blocked })
      notifySuccess(
        blocked ? `You blocked ${partner.name}. Their messages will be refused.` : `You unblocked ${partner.name}.`,
      )
    },
    onError: (e) => notifyError(errorMessage(e, MESSAGES.blockFailed)),
  })
}

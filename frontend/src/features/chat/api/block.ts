import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage, request } from '@/api/client'
import type { ChatPartner } from '@/lib/chat-launcher'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { chatKeys } from './keys'

/** GET /chat/block/{partnerId}: whether I refuse this partner's messages. */
export function blockStatusQueryOptions(partnerId: number) {
  return queryOptions({
    queryKey: [...chatKeys.block, partnerId],
    queryFn: () =>
      request(api.GET('/chat/block/{partnerId}', { params: { path: { partnerId } } }), MESSAGES.blockFailed),
  })
}

export function useBlockStatus(partnerId: number) {
  return useQuery(blockStatusQueryOptions(partnerId))
}

/**
 * POST /chat/block or DELETE /chat/block/{partnerId}; the stored answer becomes the new status.
 * The confirmation lives on the mutation, not on mutate(), so it still shows if the dialog closes first.
 */
export function useSetBlocked(partner: ChatPartner) {
  const { t } = useTranslation('chat')
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
      queryClient.setQueryData(blockStatusQueryOptions(partnerId).queryKey, { blocked })
      notifySuccess(
        blocked ? t('chat:block.blocked', { name: partner.name }) : t('chat:block.unblocked', { name: partner.name }),
      )
    },
    onError: (e) => notifyError(errorMessage(e, MESSAGES.blockFailed)),
  })
}

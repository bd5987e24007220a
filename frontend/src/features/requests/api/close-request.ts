import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
import { myRequestsQueryKey } from './keys'
import type { CloseRequestBody } from './types'

// Read when the call fails, in the language shown then.
export const closeRequestFailed = () => i18n.t('requests:close.failed')
export const reopenRequestFailed = () => i18n.t('requests:item.reopenFailed')

/** POST /tuition/{id}/close: it leaves nearby search and alerts; the interested tutors are told. */
export function closeRequest({ id, body }: { id: number; body: CloseRequestBody }) {
  return request(api.POST('/tuition/{id}/close', { params: { path: { id } }, body }), closeRequestFailed())
}

/** POST /tuition/{id}/reopen. */
export function reopenRequest(id: number) {
  return request(api.POST('/tuition/{id}/reopen', { params: { path: { id } } }), reopenRequestFailed())
}

export function useCloseRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

export function useReopenRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reopenRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

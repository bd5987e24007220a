import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { myRequestsQueryKey } from './keys'
import type { CloseRequestBody } from './types'

export const CLOSE_REQUEST_FAILED = 'Failed to close the request'
export const REOPEN_REQUEST_FAILED = 'Failed to reopen the request'

/** POST /tuition/{id}/close: it leaves nearby search and alerts; the interested tutors are told. */
export function closeRequest({ id, body }: { id: number; body: CloseRequestBody }) {
  return request(api.POST('/tuition/{id}/close', { params: { path: { id } }, body }), CLOSE_REQUEST_FAILED)
}

/** POST /tuition/{id}/reopen. */
export function reopenRequest(id: number) {
  return request(api.POST('/tuition/{id}/reopen', { params: { path: { id } } }), REOPEN_REQUEST_FAILED)
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

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { myRequestsQueryKey } from './keys'

/** DELETE /tuition/{id}: removes the request and the interest in it. */
export function deleteRequest(id: number) {
  return request(api.DELETE('/tuition/{id}', { params: { path: { id } } }), MESSAGES.deleteRequestFailed)
}

export function useDeleteRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

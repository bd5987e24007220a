import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { myRequestsQueryKey } from './keys'
import { toBody, type RequestInput } from './types'

/** PUT /tuition/{id}: one of the parent's own requests (another's answers 404). */
export function updateRequest({ id, input }: { id: number; input: RequestInput }) {
  return request(
    api.PUT('/tuition/{id}', { params: { path: { id } }, body: toBody(input) }),
    MESSAGES.updateRequestFailed,
  )
}

export function useUpdateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

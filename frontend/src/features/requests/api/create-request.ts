import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { myRequestsQueryKey } from './keys'
import { toBody, type RequestInput } from './types'

/** POST /tuition (parents only). */
export function createRequest(input: RequestInput) {
  return request(api.POST('/tuition', { body: toBody(input) }), MESSAGES.postRequestFailed)
}

export function useCreateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

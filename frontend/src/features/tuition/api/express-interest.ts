import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { nearbyQueryKey } from './keys'

/** POST /tuition/{id}/interested: idempotent; answers the parent's contacts (at most 30 new a day). */
export function expressInterest(id: number) {
  return request(api.POST('/tuition/{id}/interested', { params: { path: { id } } }), MESSAGES.sendInterestFailed)
}

export function useExpressInterest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: expressInterest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nearbyQueryKey }),
  })
}

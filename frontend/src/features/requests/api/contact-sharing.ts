import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
import { myRequestsQueryKey } from './keys'

// Read when the call fails, in the language shown then.
export const sharingFailed = () => i18n.t('requests:tutors.sharingFailed')

/**
 * PUT /tuition/{id}/interested/{tutorId}/sharing: the parent stops (or starts again) sharing
 * their phone and e-mail with one interested tutor, for all their requests.
 */
export function setContactSharing({
  requestId,
  tutorId,
  shared,
}: {
  requestId: number
  tutorId: number
  shared: boolean
}) {
  return request(
    api.PUT('/tuition/{id}/interested/{tutorId}/sharing', {
      params: { path: { id: requestId, tutorId } },
      body: { shared },
    }),
    sharingFailed(),
  )
}

export function useContactSharing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setContactSharing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myRequestsQueryKey }),
  })
}

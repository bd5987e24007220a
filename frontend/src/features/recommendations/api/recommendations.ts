import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'

export const recommendationsQueryKey = ['recommendations'] as const

/**
 * GET /tuition/{id}/recommendations (the owning parent): at most 10 tutors, best first, each with its reasons.
 * `failed` is the message when the server gives none, in the reader's language (as for every call here).
 */
export function getRecommendations(requestId: number, failed: string, signal?: AbortSignal) {
  return request(api.GET('/tuition/{id}/recommendations', { params: { path: { id: requestId } }, signal }), failed)
}

export function recommendationsQueryOptions(requestId: number, failed: string) {
  return queryOptions({
    queryKey: [...recommendationsQueryKey, requestId],
    queryFn: ({ signal }) => getRecommendations(requestId, failed, signal),
  })
}

export function useRecommendations(requestId: number) {
  const { t } = useTranslation()
  return useQuery(recommendationsQueryOptions(requestId, t('recommendations:list.failed')))
}

/** POST /tuition/{id}/invite {tutorId}: 201 the first time, 200 when already invited; the tutor is notified. */
export function inviteTutor({ requestId, tutorId }: { requestId: number; tutorId: number }, failed: string) {
  return request(api.POST('/tuition/{id}/invite', { params: { path: { id: requestId } }, body: { tutorId } }), failed)
}

/** Marks the tutor invited in the list at once (the answer says so), then refreshes it. */
export function useInviteTutor() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invite: { requestId: number; tutorId: number }) =>
      inviteTutor(invite, t('recommendations:tutor.inviteFailed')),
    onSuccess: async (_data, { requestId, tutorId }) => {
      const key = recommendationsQueryOptions(requestId, t('recommendations:list.failed')).queryKey
      queryClient.setQueryData(key, (old) =>
        old ? { tutors: old.tutors.map((tutor) => (tutor.id === tutorId ? { ...tutor, invited: true } : tutor)) } : old,
      )
      await queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/**
 * The parent's requests (GET /tuition/mine), to choose which one to see tutors for. The same key as
 * the request list's (features/requests), so the dashboard asks once.
 */
export function useMyOpenRequests() {
  return useQuery({
    queryKey: ['tuition', 'mine'] as const,
    queryFn: () => request(api.GET('/tuition/mine'), MESSAGES.fetchRequestsFailed),
    select: (requests) => requests.filter((r) => r.status !== 'closed'),
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/constants'

export const RECOMMENDATIONS_FAILED = 'Could not load recommended tutors. Please try again.'
export const INVITE_FAILED = 'Could not invite this tutor. Please try again.'

export const recommendationsQueryKey = ['recommendations'] as const

/** GET /tuition/{id}/recommendations (the owning parent): at most 10 tutors, best first, each with its reasons. */
export function getRecommendations(requestId: number, signal?: AbortSignal) {
  return request(
    api.GET('/tuition/{id}/recommendations', { params: { path: { id: requestId } }, signal }),
    RECOMMENDATIONS_FAILED,
  )
}

export function recommendationsQueryOptions(requestId: number) {
  return queryOptions({
    queryKey: [...recommendationsQueryKey, requestId],
    queryFn: ({ signal }) => getRecommendations(requestId, signal),
  })
}

export function useRecommendations(requestId: number) {
  return useQuery(recommendationsQueryOptions(requestId))
}

/** POST /tuition/{id}/invite {tutorId}: 201 the first time, 200 when already invited; the tutor is notified. */
export function inviteTutor({ requestId, tutorId }: { requestId: number; tutorId: number }) {
  return request(
    api.POST('/tuition/{id}/invite', { params: { path: { id: requestId } }, body: { tutorId } }),
    INVITE_FAILED,
  )
}

/** Marks the tutor invited in the list at once (the answer says so), then refreshes it. */
export function useInviteTutor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteTutor,
    onSuccess: async (_data, { requestId, tutorId }) => {
      const key = recommendationsQueryOptions(requestId).queryKey
      queryClient.setQueryData(key, (old) =>
        old ? { tutors: old.tutors.map((t) => (t.id === tutorId ? { ...t, invited: true } : t)) } : old,
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

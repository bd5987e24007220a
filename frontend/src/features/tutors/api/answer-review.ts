import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
import { tutorReviewsQueryKey } from './keys'

/** POST /tutors/{id}/reviews/{reviewId}/answer: the reviewed tutor's one public answer. */
export function answerReview({ tutorId, reviewId, text }: { tutorId: number; reviewId: number; text: string }) {
  return request(
    api.POST('/tutors/{idOrEmail}/reviews/{reviewId}/answer', {
      params: { path: { idOrEmail: String(tutorId), reviewId } },
      body: { text },
    }),
    i18n.t('tutors:answer.failed'),
  )
}

export function useAnswerReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: answerReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tutorReviewsQueryKey }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/constants'
import { tutorsQueryKey } from './keys'

export interface ReviewInput {
  tutorId: number
  rating: number
  comment: string
  /** SPEC §7 sends it; the server takes the reviewer from the token. */
  parentId?: number
}

/** POST /tutors/{id}/reviews: one per parent and tutor, a second replaces the first. */
export function addReview({ tutorId, rating, comment, parentId }: ReviewInput) {
  return request(
    api.POST('/tutors/{idOrEmail}/reviews', {
      params: { path: { idOrEmail: String(tutorId) } },
      body: { rating, comment, parentId },
    }),
    MESSAGES.submitReviewFailed,
  )
}

/** Refreshes the reviews and the profile (its average and count) afterwards. */
export function useAddReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorsQueryKey }),
  })
}

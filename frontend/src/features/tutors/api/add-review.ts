import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
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
    i18n.t('tutors:review.failed'),
  )
}

/**
 * Refreshes the reviews and the profile (its average and count) afterwards. `onStored` runs
 * when the server has the review, before the refresh. It is given here, not to `mutate`,
 * because the refresh remounts the form (it is keyed by the parent's review) and React Query
 * drops a `mutate` call's callbacks once its component is gone.
 */
export function useAddReview(onStored?: (input: ReviewInput) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addReview,
    onSuccess: (_stored, input) => {
      onStored?.(input)
      return queryClient.invalidateQueries({ queryKey: tutorsQueryKey })
    },
  })
}

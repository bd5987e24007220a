import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { i18n } from '@/lib/i18n'
import { tutorReviewsQueryKey } from './keys'

/** A review, with its 'in touch via HomeTutor'. */
export type Review = SuccessBody<ApiPaths['/tutors/{idOrEmail}/reviews']['get']>[number]

/** GET /tutors/{id}/reviews: newest first. */
export function getReviews(tutorId: number) {
  return request<Review[]>(
    api.GET('/tutors/{idOrEmail}/reviews', { params: { path: { idOrEmail: String(tutorId) } } }),
    i18n.t('tutors:reviews.failed'),
  )
}

export function reviewsQueryOptions(tutorId: number) {
  return queryOptions({ queryKey: [...tutorReviewsQueryKey, tutorId], queryFn: () => getReviews(tutorId) })
}

export function useReviews(tutorId: number) {
  return useQuery(reviewsQueryOptions(tutorId))
}

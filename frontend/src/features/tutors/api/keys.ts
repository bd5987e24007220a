/** Query keys of this feature: a tutor's public profile (by the id or e-mail in the URL) and reviews. */
export const tutorsQueryKey = ['tutors'] as const
export const tutorProfileQueryKey = [...tutorsQueryKey, 'profile'] as const
export const tutorReviewsQueryKey = [...tutorsQueryKey, 'reviews'] as const

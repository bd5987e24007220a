/** Nearby requests for a tutor (GET /tuition/nearby), followed by the search parameters; also the count. */
export const nearbyQueryKey = ['tuition', 'nearby'] as const
/** The tutor's own teaching area (GET /tutors/me/area). */
export const tutorAreaQueryKey = ['tutors', 'me', 'area'] as const

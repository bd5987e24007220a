/** Nearby requests for a tutor (GET /tuition/nearby), followed by the search parameters. */
export const nearbyQueryKey = ['tuition', 'nearby'] as const

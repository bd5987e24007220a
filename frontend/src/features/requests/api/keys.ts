/** The parent's own tuition requests (GET /tuition/mine); every change to one invalidates it. */
export const myRequestsQueryKey = ['tuition', 'mine'] as const

/**
 * Query keys that more than one feature touches. Features do not import each other, so a key that
 * one feature reads and another invalidates (the profile after a payment) lives here; a feature's
 * own keys live in its api/keys.ts.
 */
export const profileQueryKey = ['auth', 'profile'] as const
export const subscriptionStatusQueryKey = ['payment', 'subscription-status'] as const
/**
 * The parent's own tuition requests (GET /tuition/mine); every change to one invalidates it. The
 * dashboard watches it to know when the parent's panels have loaded.
 */
export const myRequestsQueryKey = ['tuition', 'mine'] as const

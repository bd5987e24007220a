/**
 * Query keys that more than one feature touches. Features do not import each other, so a key that
 * one feature reads and another invalidates (the profile after a payment) lives here.
 */
export const profileQueryKey = ['auth', 'profile'] as const
export const subscriptionStatusQueryKey = ['payment', 'subscription-status'] as const
/** The parent's own tuition requests (GET /tuition/mine). */
export const myRequestsQueryKey = ['tuition', 'mine'] as const
/** Nearby requests for a tutor (GET /tuition/nearby), followed by the search parameters. */
export const nearbyQueryKey = ['tuition', 'nearby'] as const
/** Chat: unread counts (GET /messages/unread), conversations, recent partners, one conversation's history. */
export const unreadQueryKey = ['messages', 'unread'] as const
export const conversationsQueryKey = ['messages', 'conversations'] as const
export const recentChatsQueryKey = ['chat', 'recent'] as const
export const chatHistoryQueryKey = ['messages', 'history'] as const
/** Whether I have blocked a chat partner (GET /chat/block/{partnerId}), followed by the partner's id. */
export const blockStatusQueryKey = ['chat', 'block'] as const

/** Query keys of the chat feature; the socket's events and the mutations invalidate by the same keys. */
export const chatKeys = {
  /** GET /messages/unread. */
  unread: ['messages', 'unread'] as const,
  /** GET /messages/conversations. */
  conversations: ['messages', 'conversations'] as const,
  /** GET /messages?userId=, followed by the partner's id. */
  history: ['messages', 'history'] as const,
  /** GET /chat/block/{partnerId}, followed by the partner's id. */
  block: ['chat', 'block'] as const,
}

/** Query keys of the admin panel; mutations invalidate by the same keys. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  requests: ['admin', 'requests'] as const,
  settings: ['admin', 'settings'] as const,
  content: ['admin', 'content'] as const,
  testimonials: ['admin', 'testimonials'] as const,
  tickets: ['admin', 'support-tickets'] as const,
  undeliveredEmails: ['admin', 'undelivered-emails'] as const,
  assets: ['admin', 'assets'] as const,
  audit: ['admin', 'audit-log'] as const,
  analytics: ['admin', 'analytics'] as const,
}

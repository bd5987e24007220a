import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { siteQueryKey } from '@/lib/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

/** POST /admin/broadcast {text}: pushed to everyone connected and kept as the newest announcement. */
export function useBroadcastMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => request(api.POST('/admin/broadcast', { body: { text } }), ADMIN_MESSAGES.broadcast),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.content }),
        queryClient.invalidateQueries({ queryKey: siteQueryKey }),
      ])
    },
  })
}

/** GET /admin/support-tickets: the contact form's messages. */
export function supportTicketsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.tickets,
    queryFn: () => request(api.GET('/admin/support-tickets'), ADMIN_MESSAGES.loadTickets),
  })
}

export function useSupportTickets() {
  return useQuery(supportTicketsQueryOptions())
}

/** GET /admin/undelivered-emails: e-mails the mail server refused for good, no longer retried. */
export function undeliveredEmailsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.undeliveredEmails,
    queryFn: () => request(api.GET('/admin/undelivered-emails'), ADMIN_MESSAGES.loadUndelivered),
  })
}

export function useUndeliveredEmails() {
  return useQuery(undeliveredEmailsQueryOptions())
}

/** GET /admin/audit-log: every admin change, newest first. */
export function auditLogQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.audit,
    queryFn: () => request(api.GET('/admin/audit-log'), ADMIN_MESSAGES.loadAudit),
  })
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions())
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

export function useSupportTickets() {
  return useQuery({
    queryKey: adminKeys.tickets,
    queryFn: () => request(api.GET('/admin/support-tickets'), ADMIN_MESSAGES.loadTickets),
  })
}

/** GET /admin/undelivered-emails: e-mails the mail server refused for good, no longer retried. */
export function useUndeliveredEmails() {
  return useQuery({
    queryKey: adminKeys.undeliveredEmails,
    queryFn: () => request(api.GET('/admin/undelivered-emails'), ADMIN_MESSAGES.loadUndelivered),
  })
}

export function useAuditLog() {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: () => request(api.GET('/admin/audit-log'), ADMIN_MESSAGES.loadAudit),
  })
}

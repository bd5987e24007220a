import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { useTranslation } from '@/lib/i18n'

export type TicketBody = components['schemas']['TicketBody']

/** POST /support-tickets: the contact form's message, kept as a support ticket for the admins. */
export function createTicket(body: TicketBody, failed: string) {
  return request(api.POST('/support-tickets', { body }), failed)
}

export function useCreateTicket() {
  const { t } = useTranslation('info')
  // Shown when the server sends no message of its own (a network failure), in the language shown.
  const failed = t('info:contact.sendFailed')
  return useMutation({ mutationFn: (body: TicketBody) => createTicket(body, failed) })
}

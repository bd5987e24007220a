import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'

export type TicketBody = components['schemas']['TicketBody']

export const SEND_MESSAGE_FAILED = 'Failed to send message'

/** POST /support-tickets: the contact form's message, kept as a support ticket for the admins. */
export function createTicket(body: TicketBody) {
  return request(api.POST('/support-tickets', { body }), SEND_MESSAGE_FAILED)
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket })
}

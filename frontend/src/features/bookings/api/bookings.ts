import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
import type { ActionRequest } from '../lib/action-form'
import type { CreateBookingBody } from '../lib/book-form'
import type { When } from '../lib/booking-view'
import type { Booking } from './types'

export const bookingsKey = ['bookings'] as const
const listKey = (when: When) => ['bookings', 'list', when] as const

/** The messages when the server sends none, in the language shown when they are read. */
const loadFailed = () => i18n.t('bookings:loadFailed')
const saveFailed = () => i18n.t('bookings:saveFailed')

/** The signed-in parent's or tutor's classes, upcoming (soonest first) or past (newest first). */
export function useBookings(when: When) {
  return useQuery({
    queryKey: listKey(when),
    queryFn: () => request(api.GET('/bookings', { params: { query: { when } } }), loadFailed()),
  })
}

/** One class, for its parent or its tutor (anyone else: 404 `booking_not_found`, as an unknown id). */
export function useBooking(id: number) {
  return useQuery({
    queryKey: ['bookings', 'one', id] as const,
    queryFn: () => request(api.GET('/bookings/{id}', { params: { path: { id } } }), loadFailed()),
    enabled: Number.isSafeInteger(id) && id > 0,
  })
}

/** A tutor's free times over the next two weeks (public, as the profile shows them). */
export function useFreeTimes(tutorId: number) {
  return useQuery({
    queryKey: ['availability', 'free', String(tutorId)],
    queryFn: () =>
      request(
        api.GET('/tutors/{idOrEmail}/availability', { params: { path: { idOrEmail: String(tutorId) } } }),
        loadFailed(),
      ),
  })
}

/** After any booking or change: the lists, the count and every tutor's free times are read again. */
function useBookingMutation<T>(send: (input: T) => Promise<Booking>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKey }),
        queryClient.invalidateQueries({ queryKey: ['availability', 'free'] }),
      ])
    },
  })
}

export function useCreateBooking() {
  return useBookingMutation((body: CreateBookingBody) => request(api.POST('/bookings', { body }), saveFailed()))
}

export type BookingActionInput = ActionRequest & { id: number }

/** Each action's call: the booking's id in the path, the action's body. */
function send(input: BookingActionInput) {
  const path = { params: { path: { id: input.id } } }
  switch (input.kind) {
    case 'accept':
      return api.POST('/bookings/{id}/accept', { ...path, body: input.body })
    case 'decline':
      return api.POST('/bookings/{id}/decline', { ...path, body: input.body })
    case 'cancel':
      return api.POST('/bookings/{id}/cancel', { ...path, body: input.body })
    case 'reschedule':
      return api.POST('/bookings/{id}/reschedule', { ...path, body: input.body })
    case 'noShow':
      return api.POST('/bookings/{id}/no-show', path)
  }
}

/** Accept, decline, cancel, reschedule or report a no-show: each answers the booking as it now is. */
export function useBookingAction() {
  return useBookingMutation((input: BookingActionInput) => request<Booking>(send(input), saveFailed()))
}

export type OutcomeInput = { id: number; body: { happened: boolean; continue: boolean | null; note?: string | null } }

/** Says how a demo went (once it has started); the answer is the booking as it now is. */
export function useBookingOutcome() {
  return useBookingMutation((input: OutcomeInput) =>
    request<Booking>(
      api.POST('/bookings/{id}/outcome', { params: { path: { id: input.id } }, body: input.body }),
      saveFailed(),
    ),
  )
}

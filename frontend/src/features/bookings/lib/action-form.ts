import type { Booking } from '../api/types'
import type { BookingActionKind } from './booking-view'
import { addMinutes, utcFromIst } from './ist'
import { DEFAULT_LENGTH, type Length } from './slots'

/** The longest decline reason or change note the server takes. */
export const TEXT_MAX = 300

export interface ActionValues {
  /** The chosen proposal's start (accepting a proposed booking). */
  pick: string | null
  /** A decline's reason, a cancellation's or a reschedule's note. */
  text: string
  date: string
  time: string
  length: Length
}

export function initialActionValues(booking: Booking): ActionValues {
  const minutes =
    booking.startsAt && booking.endsAt ? (Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000 : 0
  return {
    pick: booking.proposals.length === 1 ? booking.proposals[0]!.startsAt : null,
    text: '',
    date: '',
    time: '',
    length: ([30, 45, 60, 90] as const).find((l) => l === minutes) ?? DEFAULT_LENGTH,
  }
}

/** An action with its body, as each of the bookings' action paths takes it. */
export type ActionRequest =
  | { kind: 'accept'; body: { startsAt?: string } }
  | { kind: 'decline'; body: { reason: string } }
  | { kind: 'cancel'; body: { note: string } }
  | { kind: 'reschedule'; body: { startsAt: string; endsAt: string; note: string } }
  | { kind: 'noShow'; body: Record<string, never> }

/** The field a half-filled form is missing, named as the server names it. */
export type ActionProblem = 'startsAt' | 'reason' | 'note'

/** The body of an action on a booking, or the field the person has still to fill in. */
export function actionBody(
  kind: BookingActionKind,
  booking: Booking,
  values: ActionValues,
): { action: ActionRequest } | { problem: ActionProblem } {
  const text = values.text.trim()
  switch (kind) {
    case 'accept':
      if (booking.status !== 'proposed') return { action: { kind, body: {} } }
      return values.pick ? { action: { kind, body: { startsAt: values.pick } } } : { problem: 'startsAt' }
    case 'decline':
      return text ? { action: { kind, body: { reason: text } } } : { problem: 'reason' }
    case 'cancel':
      return text ? { action: { kind, body: { note: text } } } : { problem: 'note' }
    case 'reschedule': {
      const startsAt = utcFromIst(values.date, values.time)
      if (!startsAt) return { problem: 'startsAt' }
      if (!text) return { problem: 'note' }
      return { action: { kind, body: { startsAt, endsAt: addMinutes(startsAt, values.length), note: text } } }
    }
    case 'noShow':
      return { action: { kind, body: {} } }
  }
}

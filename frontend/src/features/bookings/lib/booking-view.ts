import type { Booking, Side } from '../api/types'
import { outcomeView, type OutcomeView } from './outcome-view'

/** A cancellation this close to the start is marked late (the server's rule, shown before it happens). */
export const LATE_CANCEL_MS = 3 * 60 * 60_000

export type BookingActionKind = 'accept' | 'decline' | 'cancel' | 'reschedule' | 'noShow'

export interface BookingView {
  booking: Booking
  /** The other side's name and which side they are. */
  other: { name: string; side: Side }
  /** The class's one time, or null while the tutor chooses among proposals. */
  time: { startsAt: string; endsAt: string } | null
  awaitingMe: boolean
  awaitingOther: boolean
  actions: BookingActionKind[]
  /** Each side's late cancellations so far, only those that are not zero. */
  lateCounts: { side: Side; count: number }[]
  /** "How did the demo go?" as this side sees it. */
  outcome: OutcomeView
}

const OPEN = new Set<Booking['status']>(['requested', 'proposed', 'confirmed'])

/** Whether a cancellation now would be marked late. */
export function wouldBeLate(booking: Booking, now: number): boolean {
  const start = booking.startsAt
  return start ? Date.parse(start) - now < LATE_CANCEL_MS : false
}

/**
 * What a booking card shows to `me` at `now`, and the actions the contract lets them take: the side
 * awaited accepts or declines; either side cancels or reschedules an open booking before its start;
 * either side reports a no-show of a confirmed class after its start, once.
 */
export function bookingView(booking: Booking, me: Side, now: number): BookingView {
  const start = booking.startsAt ? Date.parse(booking.startsAt) : null
  const open = OPEN.has(booking.status)
  const beforeStart = start === null || now < start
  const awaitingMe = open && booking.status !== 'confirmed' && booking.awaiting === me
  const actions: BookingActionKind[] = []
  if (awaitingMe) actions.push('accept', 'decline')
  if (open && beforeStart) actions.push('reschedule', 'cancel')
  // A side who already said how the demo went says it there (a no-show is such an answer).
  if (
    booking.status === 'confirmed' &&
    start !== null &&
    now >= start &&
    !booking.noShowReportedBy &&
    !booking.outcome[me]
  ) {
    actions.push('noShow')
  }
  const counts: { side: Side; count: number }[] = [
    { side: 'tutor', count: booking.tutorLateCancellations },
    { side: 'parent', count: booking.parentLateCancellations },
  ]
  return {
    booking,
    other:
      me === 'parent' ? { name: booking.tutor.name, side: 'tutor' } : { name: booking.parent.name, side: 'parent' },
    time: booking.startsAt && booking.endsAt ? { startsAt: booking.startsAt, endsAt: booking.endsAt } : null,
    awaitingMe,
    awaitingOther: open && booking.status !== 'confirmed' && booking.awaiting !== null && booking.awaiting !== me,
    actions,
    lateCounts: counts.filter((c) => c.count > 0),
    outcome: outcomeView(booking, me, now),
  }
}

export type When = 'upcoming' | 'past'

export interface ClassesState {
  when: When
  /** The action whose dialog is open, on which booking. */
  acting: { kind: BookingActionKind; id: number } | null
}

export type ClassesAction =
  { type: 'when'; when: When } | { type: 'act'; kind: BookingActionKind; id: number } | { type: 'close' }

export const initialClasses: ClassesState = { when: 'upcoming', acting: null }

export function classesReducer(state: ClassesState, action: ClassesAction): ClassesState {
  switch (action.type) {
    case 'when':
      return { when: action.when, acting: null }
    case 'act':
      return { ...state, acting: { kind: action.kind, id: action.id } }
    case 'close':
      return { ...state, acting: null }
  }
}

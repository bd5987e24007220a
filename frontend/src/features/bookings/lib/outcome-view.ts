import type { Booking, Side } from '../api/types'

export type OutcomeAnswer = NonNullable<Booking['outcome']['parent']>

export interface OutcomeView {
  /** Whether the card shows at all: a confirmed demo that has started. */
  shown: boolean
  mine: OutcomeAnswer | null
  theirs: OutcomeAnswer | null
  /** Whether `me` may answer now: no answer yet, or within the 48 hours to correct it. */
  canAnswer: boolean
  /** The tutor was assigned to the booking's request after this demo. */
  assigned: boolean
}

/** What the "How did the demo go?" card shows to `me` at `now` (the server's rules, shown before they answer). */
export function outcomeView(booking: Booking, me: Side, now: number): OutcomeView {
  const start = booking.startsAt ? Date.parse(booking.startsAt) : null
  const shown = booking.status === 'confirmed' && start !== null && now >= start
  const mine = booking.outcome[me] ?? null
  const theirs = booking.outcome[me === 'parent' ? 'tutor' : 'parent'] ?? null
  const canAnswer = shown && (mine === null || now <= Date.parse(mine.correctableUntil))
  return { shown, mine, theirs, canAnswer, assigned: booking.outcome.assignedRequestId !== null }
}

/** The answer as the form sends it: whether they continue only when it took place. */
export function outcomeBody(happened: boolean, continues: boolean | null) {
  return { happened, continue: happened ? continues : null }
}

/** The catalogue key of an answer's words ("It took place · will continue"). */
export function answerKey(answer: OutcomeAnswer): string {
  if (!answer.happened) return 'bookings:outcome.answer.notHappened'
  if (answer.continue === true) return 'bookings:outcome.answer.continues'
  if (answer.continue === false) return 'bookings:outcome.answer.stops'
  return 'bookings:outcome.answer.happened'
}

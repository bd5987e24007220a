// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Booking } from '../api/types'
import { booking } from '@/test/bookings'
import { actionBody, initialActionValues } from './action-form'
import { bookingView, classesReducer, initialClasses, wouldBeLate } from './booking-view'
import { fieldErrors } from './field-errors'
import { ApiError } from '@/api/errors'

const START = Date.parse('2027-01-11T11:30:00Z')
const HOUR = 3_600_000

describe('a booking as each side sees it', () => {
  it('lets the side awaited accept or decline, and either side change or cancel before the start', () => {
    expect(bookingView(booking(), 'tutor', START - HOUR).actions).toEqual(['accept', 'decline', 'reschedule', 'cancel'])
    const parent = bookingView(booking(), 'parent', START - HOUR)
    expect(parent.actions).toEqual(['reschedule', 'cancel'])
    expect(parent.other).toEqual({ name: 'Ravi Kumar', side: 'tutor' })
    expect(parent.awaitingOther).toBe(true)
  })

  it('offers a no-show report after a confirmed start, once, and nothing on a closed booking', () => {
    const confirmed = booking({ status: 'confirmed', awaiting: null })
    expect(bookingView(confirmed, 'parent', START - 1).actions).toEqual(['reschedule', 'cancel'])
    expect(bookingView(confirmed, 'parent', START).actions).toEqual(['noShow'])
    expect(bookingView({ ...confirmed, noShowReportedBy: 'tutor' }, 'parent', START).actions).toEqual([])
    expect(bookingView(booking({ status: 'cancelled', awaiting: null }), 'tutor', START - HOUR).actions).toEqual([])
  })

  it('has no time while the tutor picks among proposals, and shows late cancellations that are not zero', () => {
    const proposed = booking({
      status: 'proposed',
      startsAt: null,
      endsAt: null,
      proposals: [{ startsAt: '2027-01-12T11:30:00Z', endsAt: '2027-01-12T12:30:00Z' }],
      tutorLateCancellations: 2,
    })
    const view = bookingView(proposed, 'tutor', START)
    expect(view.time).toBeNull()
    expect(view.actions).toContain('accept')
    expect(view.lateCounts).toEqual([{ side: 'tutor', count: 2 }])
  })

  it('says a cancellation less than 3 hours before the start will be late', () => {
    expect(wouldBeLate(booking(), START - 3 * HOUR - 1)).toBe(false)
    expect(wouldBeLate(booking(), START - 3 * HOUR + 1)).toBe(true)
  })

  it('closes the action dialog when the other list is shown', () => {
    const acting = classesReducer(initialClasses, { type: 'act', kind: 'cancel', id: 5 })
    expect(acting.acting).toEqual({ kind: 'cancel', id: 5 })
    expect(classesReducer(acting, { type: 'when', when: 'past' })).toEqual({ when: 'past', acting: null })
  })
})

describe('the body of an action', () => {
  const values = (b: Booking) => initialActionValues(b)

  it('accepts a proposed booking at the chosen proposal only', () => {
    const two = booking({
      status: 'proposed',
      proposals: [
        { startsAt: '2027-01-12T11:30:00Z', endsAt: '2027-01-12T12:30:00Z' },
        { startsAt: '2027-01-13T11:30:00Z', endsAt: '2027-01-13T12:30:00Z' },
      ],
    })
    expect(actionBody('accept', two, values(two))).toEqual({ problem: 'startsAt' })
    expect(actionBody('accept', two, { ...values(two), pick: '2027-01-13T11:30:00Z' })).toEqual({
      action: { kind: 'accept', body: { startsAt: '2027-01-13T11:30:00Z' } },
    })
    expect(actionBody('accept', booking(), values(booking()))).toEqual({ action: { kind: 'accept', body: {} } })
  })

  it('needs a reason to decline, a note to cancel, and a new time and a note to reschedule', () => {
    const b = booking()
    expect(actionBody('decline', b, { ...values(b), text: '  ' })).toEqual({ problem: 'reason' })
    expect(actionBody('cancel', b, { ...values(b), text: 'Ill' })).toEqual({
      action: { kind: 'cancel', body: { note: 'Ill' } },
    })
    expect(actionBody('reschedule', b, { ...values(b), text: 'Later' })).toEqual({ problem: 'startsAt' })
    // The class keeps its length (an hour) unless another is chosen.
    expect(actionBody('reschedule', b, { ...values(b), date: '2027-01-15', time: '16:00', text: 'Later' })).toEqual({
      action: {
        kind: 'reschedule',
        body: { startsAt: '2027-01-15T10:30:00Z', endsAt: '2027-01-15T11:30:00Z', note: 'Later' },
      },
    })
  })
})

describe("the server's field errors", () => {
  it('go under the field they name, a proposed time under its own', () => {
    const error = new ApiError('Outside 06:00–22:00 IST.', {
      status: 422,
      code: 'validation',
      fields: { 'times[1].startsAt': 'Outside 06:00–22:00 IST.', note: 'Too long.', times: 'Overlapping.' },
    })
    expect(fieldErrors(error)).toEqual({
      'times.1': 'Outside 06:00–22:00 IST.',
      note: 'Too long.',
      times: 'Overlapping.',
    })
    expect(fieldErrors(new Error('x'))).toEqual({})
  })
})

// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  bookFormReducer,
  bookingBody,
  initialBookForm,
  MAX_PROPOSALS,
  shownChoice,
  type BookFormAction,
} from './book-form'
import { startsByDay } from './slots'

const FREE = [
  { start: '2027-01-11T11:30:00Z', end: '2027-01-11T14:30:00Z' }, // Mon 17:00–20:00 IST
  { start: '2027-01-12T03:30:00Z', end: '2027-01-12T05:30:00Z' }, // Tue 09:00–11:00 IST
]

function run(...actions: BookFormAction[]) {
  return actions.reduce(bookFormReducer, initialBookForm)
}

describe('the booking form', () => {
  it('books an hour by default, at the chosen start, with the note trimmed', () => {
    const state = run(
      { type: 'day', day: '2027-01-12' },
      { type: 'start', start: '2027-01-12T04:00:00Z' },
      {
        type: 'note',
        note: '  Class 8 maths ',
      },
    )
    const days = startsByDay(FREE, state.length)
    expect(bookingBody(state, days, 42, 9)).toEqual({
      body: {
        tutorId: 42,
        requestId: 9,
        mode: 'slot',
        times: [{ startsAt: '2027-01-12T04:00:00Z', endsAt: '2027-01-12T05:00:00Z' }],
        note: 'Class 8 maths',
      },
    })
  })

  it('shows the first free day until one is chosen, and asks for a start before sending', () => {
    const days = startsByDay(FREE, 60)
    expect(shownChoice(initialBookForm, days).day?.day).toBe('2027-01-11')
    expect(bookingBody(initialBookForm, days, 42)).toEqual({ problem: { kind: 'noStart' } })
  })

  it('forgets a start that a longer class no longer fits at, and one of another day', () => {
    const late = run({ type: 'day', day: '2027-01-11' }, { type: 'start', start: '2027-01-11T13:30:00Z' })
    expect(shownChoice(late, startsByDay(FREE, 60)).start).toBe('2027-01-11T13:30:00Z')
    const longer = bookFormReducer(late, { type: 'length', length: 90 })
    expect(shownChoice(longer, startsByDay(FREE, 90)).start).toBeNull()
    expect(bookFormReducer(late, { type: 'day', day: '2027-01-12' }).start).toBeNull()
  })

  it('proposes up to three times of the parent’s own, each whole, in IST', () => {
    let state = run({ type: 'mode', mode: 'propose' }, { type: 'length', length: 45 })
    for (let i = 0; i < 5; i++) state = bookFormReducer(state, { type: 'addProposal' })
    expect(state.proposals).toHaveLength(MAX_PROPOSALS)
    state = bookFormReducer(state, { type: 'removeProposal', index: 2 })
    state = bookFormReducer(state, { type: 'proposal', index: 0, field: 'date', value: '2027-01-13' })
    state = bookFormReducer(state, { type: 'proposal', index: 0, field: 'time', value: '18:30' })
    expect(bookingBody(state, [], 42)).toEqual({ problem: { kind: 'proposal', index: 1 } })
    state = bookFormReducer(state, { type: 'proposal', index: 1, field: 'date', value: '2027-01-14' })
    state = bookFormReducer(state, { type: 'proposal', index: 1, field: 'time', value: '07:00' })
    expect(bookingBody(state, [], 42)).toEqual({
      body: {
        tutorId: 42,
        mode: 'propose',
        times: [
          { startsAt: '2027-01-13T13:00:00Z', endsAt: '2027-01-13T13:45:00Z' },
          { startsAt: '2027-01-14T01:30:00Z', endsAt: '2027-01-14T02:15:00Z' },
        ],
      },
    })
    // The last time is never removed: there is always one to fill in.
    const one = run({ type: 'removeProposal', index: 0 })
    expect(one.proposals).toHaveLength(1)
  })
})

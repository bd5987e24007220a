import { addMinutes, utcFromIst } from './ist'
import { DEFAULT_LENGTH, type DayStarts, type Length } from './slots'

/** How many times a parent may propose when none of the free times fits (the server takes 1–3). */
export const MAX_PROPOSALS = 3

export interface Proposal {
  date: string
  time: string
}

export interface BookFormState {
  mode: 'slot' | 'propose'
  length: Length
  day: string | null
  start: string | null
  note: string
  proposals: Proposal[]
}

export type BookFormAction =
  | { type: 'mode'; mode: BookFormState['mode'] }
  | { type: 'length'; length: Length }
  | { type: 'day'; day: string }
  | { type: 'start'; start: string }
  | { type: 'note'; note: string }
  | { type: 'proposal'; index: number; field: keyof Proposal; value: string }
  | { type: 'addProposal' }
  | { type: 'removeProposal'; index: number }

const EMPTY_PROPOSAL: Proposal = { date: '', time: '' }

export const initialBookForm: BookFormState = {
  mode: 'slot',
  length: DEFAULT_LENGTH,
  day: null,
  start: null,
  note: '',
  proposals: [EMPTY_PROPOSAL],
}

export function bookFormReducer(state: BookFormState, action: BookFormAction): BookFormState {
  switch (action.type) {
    case 'mode':
      return { ...state, mode: action.mode }
    case 'length':
      return { ...state, length: action.length }
    case 'day':
      // Another day's starts are other instants: the start is chosen again.
      return action.day === state.day ? state : { ...state, day: action.day, start: null }
    case 'start':
      return { ...state, start: action.start }
    case 'note':
      return { ...state, note: action.note }
    case 'proposal':
      return {
        ...state,
        proposals: state.proposals.map((p, i) => (i === action.index ? { ...p, [action.field]: action.value } : p)),
      }
    case 'addProposal':
      return state.proposals.length >= MAX_PROPOSALS
        ? state
        : { ...state, proposals: [...state.proposals, EMPTY_PROPOSAL] }
    case 'removeProposal':
      return state.proposals.length <= 1
        ? state
        : { ...state, proposals: state.proposals.filter((_, i) => i !== action.index) }
  }
}

/**
 * The day and start the form shows for the current length: a chosen start that no longer fits
 * (a longer class) is not chosen any more; with no day chosen, the first day with a start.
 */
export function shownChoice(state: BookFormState, days: readonly DayStarts[]) {
  const day = days.find((d) => d.day === state.day) ?? days[0] ?? null
  const start = day && state.start && day.starts.includes(state.start) ? state.start : null
  return { day, start }
}

export interface BookingTime {
  startsAt: string
  endsAt: string
}

export interface CreateBookingBody {
  tutorId: number
  requestId?: number
  mode: BookFormState['mode']
  times: BookingTime[]
  note?: string
}

/** What the form can tell before asking the server: no start chosen, or a proposal half filled. */
export type BookFormProblem = { kind: 'noStart' } | { kind: 'proposal'; index: number }

/** The request body of the form's state, or the first thing missing from it. */
export function bookingBody(
  state: BookFormState,
  days: readonly DayStarts[],
  tutorId: number,
  requestId?: number,
): { body: CreateBookingBody } | { problem: BookFormProblem } {
  let times: BookingTime[]
  if (state.mode === 'slot') {
    const { start } = shownChoice(state, days)
    if (!start) return { problem: { kind: 'noStart' } }
    times = [{ startsAt: start, endsAt: addMinutes(start, state.length) }]
  } else {
    times = []
    for (const [index, proposal] of state.proposals.entries()) {
      const startsAt = utcFromIst(proposal.date, proposal.time)
      if (!startsAt) return { problem: { kind: 'proposal', index } }
      times.push({ startsAt, endsAt: addMinutes(startsAt, state.length) })
    }
  }
  const note = state.note.trim()
  return {
    body: {
      tutorId,
      ...(requestId !== undefined && { requestId }),
      mode: state.mode,
      times,
      ...(note && { note }),
    },
  }
}

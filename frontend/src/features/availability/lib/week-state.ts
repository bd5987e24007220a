import type { components } from '@/api/schema'

export type Weekday = components['schemas']['Weekday']
export type WeeklySlot = components['schemas']['WeeklySlot']

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
/** The grid's rows: 06:00 to 22:00 IST in the server's half-hour steps (crates/scheduling). */
export const DAY_START = 6 * 60
export const DAY_END = 22 * 60
export const STEP = 30
export const CELL_STARTS: readonly number[] = Array.from(
  { length: (DAY_END - DAY_START) / STEP },
  (_, i) => DAY_START + i * STEP,
)

/** "17:30" for minutes after midnight. */
export function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

function minutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':')
  return Number(h) * 60 + Number(m)
}

const key = (day: Weekday, minute: number) => `${day}@${minute}`

/** The week as the grid edits it: the half-hour cells ticked, the saved week's, and the day a phone shows. */
export interface WeekState {
  cells: ReadonlySet<string>
  saved: ReadonlySet<string>
  day: Weekday
}

export type WeekAction =
  | { type: 'load'; slots: readonly WeeklySlot[] }
  | { type: 'toggle'; day: Weekday; minute: number }
  | { type: 'clearDay'; day: Weekday }
  | { type: 'showDay'; day: Weekday }
  | { type: 'undo' }
  /** A kept draft's week in place of the ticked cells; the saved week stays what it was. */
  | { type: 'restore'; slots: readonly WeeklySlot[] }

function cellsOf(slots: readonly WeeklySlot[]): Set<string> {
  const cells = new Set<string>()
  for (const slot of slots) {
    for (let m = minutes(slot.start); m < minutes(slot.end); m += STEP) cells.add(key(slot.weekday, m))
  }
  return cells
}

export function initialWeek(slots: readonly WeeklySlot[] = []): WeekState {
  const cells = cellsOf(slots)
  return { cells, saved: cells, day: 'mon' }
}

export function weekReducer(state: WeekState, action: WeekAction): WeekState {
  switch (action.type) {
    case 'load': {
      const cells = cellsOf(action.slots)
      return { ...state, cells, saved: cells }
    }
    case 'toggle': {
      if (action.minute < DAY_START || action.minute >= DAY_END || action.minute % STEP !== 0) return state
      const cells = new Set(state.cells)
      const k = key(action.day, action.minute)
      if (cells.has(k)) cells.delete(k)
      else cells.add(k)
      return { ...state, cells }
    }
    case 'clearDay':
      return { ...state, cells: new Set([...state.cells].filter((k) => !k.startsWith(`${action.day}@`))) }
    case 'showDay':
      return { ...state, day: action.day }
    case 'undo':
      return { ...state, cells: state.saved }
    case 'restore':
      return { ...state, cells: cellsOf(action.slots) }
  }
}

export function isOn(state: WeekState, day: Weekday, minute: number): boolean {
  return state.cells.has(key(day, minute))
}

/** A day's ticked cells as slots: neighbouring half hours joined ("17:00–19:00"). */
export function slotsOfDay(cells: ReadonlySet<string>, day: Weekday): WeeklySlot[] {
  const slots: WeeklySlot[] = []
  let open: number | null = null
  for (const minute of [...CELL_STARTS, DAY_END]) {
    const on = minute < DAY_END && cells.has(key(day, minute))
    if (on && open === null) open = minute
    if (!on && open !== null) {
      slots.push({ weekday: day, start: clock(open), end: clock(minute) })
      open = null
    }
  }
  return slots
}

/** The week to save: every day's slots, Monday first. */
export function slotsOf(state: WeekState): WeeklySlot[] {
  return WEEKDAYS.flatMap((day) => slotsOfDay(state.cells, day))
}

export function isDirty(state: WeekState): boolean {
  return state.cells.size !== state.saved.size || [...state.cells].some((k) => !state.saved.has(k))
}

import { istDay } from './ist'

/** The lengths a parent may book, in minutes (the server takes 30–120); an hour unless they choose. */
export const LENGTHS = [30, 45, 60, 90] as const
export type Length = (typeof LENGTHS)[number]
export const DEFAULT_LENGTH: Length = 60

const QUARTER_MS = 15 * 60_000

export interface FreeInterval {
  start: string
  end: string
}

/** One IST day with the starts (UTC instants) a class of the chosen length fits at. */
export interface DayStarts {
  day: string
  starts: string[]
}

/**
 * Every quarter-hour start at which a class of `minutes` lies wholly inside one free interval,
 * grouped by IST day in order. IST is UTC+05:30, so a UTC quarter hour is an IST one too.
 */
export function startsByDay(free: readonly FreeInterval[], minutes: number): DayStarts[] {
  const length = minutes * 60_000
  const days = new Map<string, string[]>()
  for (const interval of free) {
    const end = Date.parse(interval.end)
    for (
      let at = Math.ceil(Date.parse(interval.start) / QUARTER_MS) * QUARTER_MS;
      at + length <= end;
      at += QUARTER_MS
    ) {
      const iso = new Date(at).toISOString().replace('.000Z', 'Z')
      const day = istDay(iso)
      days.set(day, [...(days.get(day) ?? []), iso])
    }
  }
  return [...days].map(([day, starts]) => ({ day, starts }))
}

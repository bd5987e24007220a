import { IST } from '@/lib/ist'

// The day's name is shared with the bookings (lib/ist); this feature's own readings follow.
export { dayLabel, IST } from '@/lib/ist'

/** "2027-01-04": the IST calendar day of an instant. */
export function istDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: IST }).format(new Date(iso))
}

/** "17:00": an instant's IST wall-clock time. */
export function istTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: IST,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}

/** Free intervals grouped by their IST day, in order: each day with its "17:00–19:00" spans. */
export function byDay(free: readonly { start: string; end: string }[]): { day: string; spans: string[] }[] {
  const days = new Map<string, string[]>()
  for (const interval of free) {
    const day = istDay(interval.start)
    days.set(day, [...(days.get(day) ?? []), `${istTime(interval.start)}–${istTime(interval.end)}`])
  }
  return [...days].map(([day, spans]) => ({ day, spans }))
}

export { dayLabel } from '@/lib/ist'

/** IST is UTC+05:30 all year (India keeps no summer time). */
const IST_OFFSET_MS = 330 * 60_000

/** "2027-01-04": the IST calendar day of an instant. */
export function istDay(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** "17:00": an instant's IST wall-clock time. */
export function istTime(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(11, 16)
}

/** The UTC instant ("2027-01-04T11:30:00Z", as the server takes it) of an IST date and time; null if either is not one. */
export function utcFromIst(day: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null
  const ms = Date.parse(`${day}T${time}:00+05:30`)
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace('.000Z', 'Z') : null
}

/** An instant plus minutes, as the server takes it. */
export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace('.000Z', 'Z')
}

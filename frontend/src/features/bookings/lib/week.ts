import { istDay } from './ist'

/** A week of classes in IST, Monday first, named by its Monday (`YYYY-MM-DD`, as in ?week=). */

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The IST day `n` days after `day` (IST has no summer time: every day is 24 hours). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + n)
  return date.toISOString().slice(0, 10)
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/** Today in IST at `now` (ms), wherever the reader is. */
export function istToday(now: number): string {
  return istDay(new Date(now).toISOString())
}

/** The week an address names (?week=, any day of it), or the week of `today` when it names none. */
export function weekFromParam(param: string | null, today: string): string {
  // A day such as 2026-02-31 is not one: Date rolls it over (or fails), which the round trip shows.
  const ms = param && DAY.test(param) ? Date.parse(`${param}T00:00:00Z`) : NaN
  const real = !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(param!)
  return mondayOf(real ? param! : today)
}

/** The seven IST days of the week starting `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/**
 * The items with a time that starts within the week, by IST day (each day soonest first); those
 * without a time (proposals the tutor has not picked from) are in no week.
 */
export function byDay<T>(items: T[], monday: string, startOf: (item: T) => string | null): Map<string, T[]> {
  const days = new Map(weekDays(monday).map((day) => [day, [] as T[]]))
  for (const item of items) {
    const start = startOf(item)
    if (!start) continue
    days.get(istDay(start))?.push(item)
  }
  for (const list of days.values()) list.sort((a, b) => Date.parse(startOf(a)!) - Date.parse(startOf(b)!))
  return days
}

import type { Weekday } from './week-state'

/** Each day's catalogue keys, named whole (the catalogue check finds every key the code names). */
export const DAY_SHORT: Record<Weekday, string> = {
  mon: 'availability:days.mon.short',
  tue: 'availability:days.tue.short',
  wed: 'availability:days.wed.short',
  thu: 'availability:days.thu.short',
  fri: 'availability:days.fri.short',
  sat: 'availability:days.sat.short',
  sun: 'availability:days.sun.short',
}

export const DAY_LONG: Record<Weekday, string> = {
  mon: 'availability:days.mon.long',
  tue: 'availability:days.tue.long',
  wed: 'availability:days.wed.long',
  thu: 'availability:days.thu.long',
  fri: 'availability:days.fri.long',
  sat: 'availability:days.sat.long',
  sun: 'availability:days.sun.long',
}

import type { Language } from '@/lib/i18n-languages'
import { dayLabel, istDay, istTime } from './ist'

/** "Mon, 4 Jan, 17:00–18:00": a class's IST day and times, in the reader's language. */
export function whenText(startsAt: string, endsAt: string, language: Language): string {
  return `${dayLabel(istDay(startsAt), language)}, ${istTime(startsAt)}–${istTime(endsAt)}`
}

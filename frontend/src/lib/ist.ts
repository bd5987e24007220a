import { localeOf, type Language } from './i18n-languages'

/** Class times are kept and read in India Standard Time, wherever the reader is. */
export const IST = 'Asia/Kolkata'

/** "Mon, 4 Jan" / "सोम, 4 जन॰": an IST day (`YYYY-MM-DD`) as a list of days names it, in the reader's language. */
export function dayLabel(day: string, language: Language): string {
  return new Date(`${day}T12:00:00+05:30`).toLocaleDateString(localeOf(language), {
    timeZone: IST,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
}

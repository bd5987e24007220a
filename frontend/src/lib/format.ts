import { currentLanguage, i18n } from './i18n'
import { localeOf, type Language } from './i18n-languages'

/**
 * Numbers, money, dates and times as the screens show them, in the language shown (India's
 * conventions: 'en-IN', 'hi-IN') and the person's own time zone. Each function takes the language as
 * its last argument, the current one by default. A component that formats should also call
 * `useTranslation()` or `useLanguage()`, so that it renders again when the language changes.
 *
 * One date style per purpose, the same across the app.
 */
const DATE_STYLES = {
  /** "21 Nov 2027" / "21 नव॰ 2027": when something in a list happened (requests, conversations, reviews). */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "21 November 2027" / "21 नवंबर 2027": until when a subscription runs. */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "21 Nov 2027, 3:05 pm" / "21 नव॰ 2027, 3:05 pm": the admin panel's records. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof DATE_STYLES

function parse(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** An ISO timestamp from the server as text; `fallback` when there is none or it does not parse. */
export function formatDate(
  value: string | null | undefined,
  style: DateStyle = 'short',
  fallback = '-',
  language: Language = currentLanguage(),
): string {
  const date = parse(value)
  return date ? date.toLocaleString(localeOf(language), DATE_STYLES[style]) : fallback
}

/** "10:05 am": the time of a chat message; nothing when it has none. */
export function formatTime(value: string | null | undefined, language: Language = currentLanguage()): string {
  return parse(value)?.toLocaleTimeString(localeOf(language), { hour: 'numeric', minute: '2-digit' }) ?? ''
}

/** "12,34,567": Indian grouping (lakh, crore) in both languages. */
export function formatNumber(value: number, language: Language = currentLanguage()): string {
  return new Intl.NumberFormat(localeOf(language)).format(value)
}

/** "₹1,00,000", "₹499", "₹1.37": rupees with Indian grouping, paise only when there are some. */
export function formatMoney(rupees: number, language: Language = currentLanguage()): string {
  const digits = Number.isInteger(rupees) ? 0 : 2
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rupees)
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
]

const A_WEEK_S = 7 * 24 * 60 * 60

/**
 * How long ago: "just now" / "अभी-अभी", "5 minutes ago" / "5 मिनट पहले", "yesterday" / "कल"; after a
 * week the date ('short'). Nothing when there is no time. `now` is for tests.
 */
export function formatRelativeTime(
  value: string | null | undefined,
  now: number = Date.now(),
  language: Language = currentLanguage(),
): string {
  const date = parse(value)
  if (!date) return ''
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000))
  if (seconds < 60) return i18n.t('common:time.justNow', { lng: language })
  if (seconds >= A_WEEK_S) return formatDate(value, 'short', '', language)
  const [unit, size] = [...RELATIVE_STEPS].reverse().find(([, step]) => seconds >= step) ?? RELATIVE_STEPS[0]
  return new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' }).format(-Math.floor(seconds / size), unit)
}

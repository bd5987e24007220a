/**
 * Dates as the screens show them, in the person's own time zone. Dates use India's conventions
 * (en-IN); a chat message's time follows the browser's locale, as clocks do.
 */
const DATE_STYLES = {
  /** "21 Nov 2027": lists (conversations, reviews). */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "21 November 2027": how long a subscription runs. */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "21/11/2027": when a request was posted. */
  numeric: { day: 'numeric', month: 'numeric', year: 'numeric' },
  /** "21 Nov 2027, 3:05 pm": the admin panel's records. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof DATE_STYLES

function parse(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** An ISO timestamp from the server as text; `fallback` when there is none or it does not parse. */
export function formatDate(value: string | null | undefined, style: DateStyle = 'short', fallback = '-'): string {
  const date = parse(value)
  return date ? date.toLocaleString('en-IN', DATE_STYLES[style]) : fallback
}

/** "10:05 AM": the time of a chat message; nothing when it has none. */
export function formatTime(value: string | null | undefined): string {
  return parse(value)?.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) ?? ''
}

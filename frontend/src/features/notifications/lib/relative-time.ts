import { formatDate } from '@/lib/format'

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
]

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago"; a date after a week (a notification's
 * age). `now` is for tests.
 */
export function formatRelative(value: string | null | undefined, now = Date.now()): string {
  const date = value ? new Date(value) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000))
  if (seconds < 60) return 'just now'
  if (seconds >= 7 * 24 * 60 * 60) return formatDate(value, 'short')
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  const [unit, size] = [...RELATIVE_STEPS].reverse().find(([, s]) => seconds >= s) ?? RELATIVE_STEPS[0]
  return format.format(-Math.floor(seconds / size), unit)
}

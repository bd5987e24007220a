import { i18n } from '@/lib/i18n'
import { formatMoney } from '@/lib/format'

/** '₹600/hour' (Indian digit grouping), or null when the tutor has not set a fee. */
export function formatFee(feePerHour: number | null | undefined): string | null {
  if (feePerHour === null || feePerHour === undefined) return null
  return i18n.t('shared:tutorCard.feePerHour', { fee: formatMoney(feePerHour) })
}

/** '2.1 km away'; 'less than 0.1 km away' for the same locality (as the server's recommendation reasons say it). */
export function formatDistance(km: number): string {
  if (km < 0.1) return i18n.t('shared:distance.under')
  return i18n.t('shared:distance.away', { km: km.toFixed(1) })
}

/** 'Priya Sharma' → 'PS': what a card shows when the tutor has no photo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return '?'
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase()
}

/** '★ 4.6 (12 reviews)' as plain words for a screen reader. */
export function ratingText(rating: number | null | undefined, count: number): string {
  if (rating === null || rating === undefined || count === 0) return i18n.t('shared:tutorCard.noReviews')
  return i18n.t('shared:tutorCard.rated', { rating: rating.toFixed(1), count })
}

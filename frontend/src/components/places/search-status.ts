import { errorMessage } from '@/api/client'
import type { useTranslation } from '@/lib/i18n'

/** What the list says (and a screen reader hears) about the search under way. */
export function searchStatus(
  places: { isError: boolean; error: unknown; isFetching: boolean },
  settled: boolean,
  count: number,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (places.isError) return errorMessage(places.error, t('shared:places.failed'))
  if (!settled || places.isFetching) return t('shared:places.searching')
  return count ? t('shared:places.found', { count }) : t('shared:places.noneFound')
}

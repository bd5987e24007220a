import type { useTranslation } from '@/lib/i18n'

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(t: ReturnType<typeof useTranslation>['t'], count: number): string {
  return count > 0 ? t('common:bell.labelUnread', { count }) : t('common:bell.label')
}

import { Box } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'

/** SPEC §9: a count badge shows at most 99 ('99+'). */
export const COUNT_BADGE_MAX = 99

/** '5', '99', '99+'. */
export function countBadgeText(count: number): string {
  return count > COUNT_BADGE_MAX ? `${COUNT_BADGE_MAX}+` : String(count)
}

const PLACEMENTS = {
  /** After a label (the header's Messages). */
  inline: { ms: '1' },
  /** Over a phone-bar icon, beside its top right. */
  nav: { position: 'absolute', top: '1', left: 'calc(50% + 6px)' },
  /** On the corner of a small icon button (the bell), a little tighter. */
  corner: { position: 'absolute', top: '0', right: '0', px: '1' },
} as const

interface CountBadgeProps {
  count: number
  placement?: keyof typeof PLACEMENTS
  /**
   * Read as '3 unread' after the item's label; `silent` when the control's own name already
   * says the count ('Notifications, 3 unread').
   */
  silent?: boolean
  testId?: string
}

/** The red count of unread things on a nav item or an icon button; nothing at 0. */
export function CountBadge({ count, placement = 'inline', silent = false, testId }: CountBadgeProps) {
  const { t } = useTranslation()
  if (count <= 0) return null
  return (
    <Box
      as="span"
      aria-hidden={silent || undefined}
      data-testid={testId}
      bg="red.700"
      color="white"
      borderRadius="full"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="1"
      px="1.5"
      py="0.5"
      {...PLACEMENTS[placement]}
    >
      {countBadgeText(count)}
      {!silent && (
        <Box as="span" srOnly>
          {' '}
          {t('common:status.unread')}
        </Box>
      )}
    </Box>
  )
}

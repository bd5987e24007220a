import { Box, Flex, Spinner } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { countBadgeText } from '@/components/count-badge'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'

/**
 * A list of chat partners loaded by `query`: a spinner while it loads, the error,
 * `empty` when there is no one, else `children` with the loaded rows.
 */
export function PartnerListState<T>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: UseQueryResult<T[], Error>
  loadingLabel: string
  empty: ReactNode
  children: (rows: T[]) => ReactNode
}) {
  // Renders again when the language changes: the fallback message below is read in the language shown.
  useTranslation()
  if (query.isPending)
    return (
      <Flex justify="center" py="10" role="status" aria-label={loadingLabel}>
        <Spinner size="lg" color="blue.600" />
      </Flex>
    )
  if (query.isError) return <FormAlert status="error" message={query.error.message || MESSAGES.loadMessagesFailed} />
  if (query.data.length === 0) return <>{empty}</>
  return <>{children(query.data)}</>
}

/** A whole-row button that opens a chat. */
export function PartnerRowButton({
  onClick,
  bordered = false,
  children,
}: {
  onClick: () => void
  bordered?: boolean
  children: ReactNode
}) {
  return (
    <Box
      as="button"
      w="full"
      textAlign="start"
      p="3"
      borderWidth={bordered ? '1px' : undefined}
      borderColor={bordered ? 'border' : undefined}
      borderRadius="md"
      _hover={{ bg: 'blue.50' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
      onClick={onClick}
    >
      {children}
    </Box>
  )
}

/** The red count of unread messages from one partner (SPEC §9: at most '99+'); nothing when none. */
export function UnreadCount({ count, testId }: { count: number; testId?: string }) {
  const { t } = useTranslation()
  if (count <= 0) return null
  return (
    <Box
      as="span"
      bg="red.700"
      color="white"
      borderRadius="full"
      fontSize="xs"
      px="2"
      fontWeight="bold"
      flexShrink={0}
      data-testid={testId}
    >
      {countBadgeText(count)}
      <Box as="span" srOnly>
        {' '}
        {t('common:status.unread')}
      </Box>
    </Box>
  )
}

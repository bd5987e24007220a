import { Box } from '@chakra-ui/react'
import { badgeText, useUnreadTotal } from '@/features/chat/lib/unread'

/** SPEC §2/§9: the red unread-messages badge on the Messages item (at most '99+'). */
export function UnreadBadge({ floating = false }: { floating?: boolean }) {
  const total = useUnreadTotal()
  if (total <= 0) return null
  return (
    <Box
      as="span"
      data-testid="nav-unread"
      bg="red.700"
      color="white"
      borderRadius="full"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="1"
      px="1.5"
      py="0.5"
      ms={floating ? undefined : '1'}
      position={floating ? 'absolute' : undefined}
      top={floating ? '1' : undefined}
      left={floating ? 'calc(50% + 6px)' : undefined}
    >
      {badgeText(total)}
      <Box as="span" srOnly>
        {' '}
        unread
      </Box>
    </Box>
  )
}

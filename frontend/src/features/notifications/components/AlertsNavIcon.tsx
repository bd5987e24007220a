import { Box } from '@chakra-ui/react'
import { Bell } from 'lucide-react'
import { bellBadgeText } from '../lib/bell-label'
import { useNotificationUnread } from '../lib/unread-store'

/**
 * The phone bar's Alerts item: the bell and the unread count (read out as "3 unread" after the
 * label). Lazily loaded, as only logged-in people have the item, so the first page load stays small.
 */
export default function AlertsNavIcon() {
  const count = useNotificationUnread()
  return (
    <>
      <Bell aria-hidden size={22} />
      {count > 0 && (
        <Box
          as="span"
          data-testid="nav-notifications"
          bg="red.700"
          color="white"
          borderRadius="full"
          fontSize="2xs"
          fontWeight="bold"
          lineHeight="1"
          px="1.5"
          py="0.5"
          position="absolute"
          top="1"
          left="calc(50% + 6px)"
        >
          {bellBadgeText(count)}
          <Box as="span" srOnly>
            {' '}
            unread
          </Box>
        </Box>
      )}
    </>
  )
}

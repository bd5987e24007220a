import { Box, IconButton, Link, Popover, Portal } from '@chakra-ui/react'
import { popoverSlotRecipe } from '@chakra-ui-theme/recipes/popover'
import { Bell } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { bellBadgeText, bellLabel } from '../lib/bell-label'
import { useNotificationUnread } from '../lib/unread-store'
export { default as AlertsNavIcon } from './AlertsNavIcon'
import NotificationConnector from './NotificationConnector'
import { NotificationList } from './NotificationList'

/**
 * The header's bell (shown from md up): the unread count, and the list in a popover with 'See all'.
 * The header mounts it once while logged in, at every width (hidden below md), so it also hosts the
 * connector that keeps the count and takes live notifications for the phone bar too: one lazy
 * chunk instead of two keeps the landing route's first load within its budget.
 */
export default function NotificationBell() {
  const count = useNotificationUnread()
  const [open, setOpen] = useState(false)
  return (
    <>
      <NotificationConnector />
      <Popover.Root
        recipe={popoverSlotRecipe}
        open={open}
        onOpenChange={(e) => setOpen(e.open)}
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
      >
        <Popover.Trigger asChild>
          <IconButton aria-label={bellLabel(count)} variant="ghost" color="fg" position="relative" size="sm">
            <Bell aria-hidden />
            {count > 0 && (
              <Box
                as="span"
                aria-hidden
                data-testid="bell-count"
                position="absolute"
                top="0"
                right="0"
                bg="red.700"
                color="white"
                borderRadius="full"
                fontSize="2xs"
                fontWeight="bold"
                lineHeight="1"
                px="1"
                py="0.5"
              >
                {bellBadgeText(count)}
              </Box>
            )}
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="sm" maxW="calc(100vw - 2rem)">
              <Popover.Header display="flex" justifyContent="space-between" alignItems="center">
                <Popover.Title fontWeight="bold">Notifications</Popover.Title>
                <Link asChild color="blue.700" fontSize="sm">
                  <RouterLink to="/notifications" onClick={() => setOpen(false)}>
                    See all
                  </RouterLink>
                </Link>
              </Popover.Header>
              <Popover.Body maxH="70vh" overflowY="auto" pt="0">
                <NotificationList onNavigate={() => setOpen(false)} />
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </>
  )
}

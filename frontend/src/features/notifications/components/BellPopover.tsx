import { Link, Popover, Portal } from '@chakra-ui/react'
import { popoverSlotRecipe } from '@chakra-ui-theme/recipes/popover'
import { Link as RouterLink } from 'react-router'
import { BELL_CONTENT_ID, BELL_TRIGGER_ID } from './bell-ids'
import { NotificationList } from './NotificationList'

/**
 * The bell's popover: the latest notifications and 'See all'. Its trigger is the bell button
 * (NotificationBell), found by id, so the popover sits under it, a click outside closes it, and
 * focus goes back to it on close.
 */
export default function BellPopover({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Popover.Root
      recipe={popoverSlotRecipe}
      ids={{ trigger: BELL_TRIGGER_ID, content: BELL_CONTENT_ID }}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      finalFocusEl={() => document.getElementById(BELL_TRIGGER_ID)}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
    >
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 2rem)">
            <Popover.Header display="flex" justifyContent="space-between" alignItems="center">
              <Popover.Title fontWeight="bold">Notifications</Popover.Title>
              <Link asChild color="blue.700" fontSize="sm">
                <RouterLink to="/notifications" onClick={() => onOpenChange(false)}>
                  See all
                </RouterLink>
              </Link>
            </Popover.Header>
            <Popover.Body maxH="70vh" overflowY="auto" pt="0">
              <NotificationList onNavigate={() => onOpenChange(false)} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

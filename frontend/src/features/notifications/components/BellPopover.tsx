import { Link, Popover, Portal } from '@chakra-ui/react'
import { popoverSlotRecipe } from '@chakra-ui-theme/recipes/popover'
import { useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { BELL_CONTENT_ID, BELL_TRIGGER_ID } from './bell-ids'
import { NotificationList } from './NotificationList'

/**
 * `open`, from a frame after this code mounted. The first click mounts it already open, and zag
 * moves the focus into a popover (and names it by its title) only when it opens with its content
 * on the page: so the content mounts closed (not lazily) and opens a frame later.
 */
function useOpenOnceMounted(open: boolean): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  return open && mounted
}

/**
 * The bell's popover: the latest notifications and 'See all'. Its trigger is the bell button
 * (NotificationBell), found by id, so the popover sits under it, a click outside closes it, and
 * focus goes back to it on close.
 */
export default function BellPopover({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('notifications')
  const shown = useOpenOnceMounted(open)
  return (
    <Popover.Root
      recipe={popoverSlotRecipe}
      ids={{ trigger: BELL_TRIGGER_ID, content: BELL_CONTENT_ID }}
      open={shown}
      onOpenChange={(e) => onOpenChange(e.open)}
      finalFocusEl={() => document.getElementById(BELL_TRIGGER_ID)}
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
    >
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 2rem)">
            {/* A div, not a <header>: inside the popover it would be a second banner landmark. */}
            <Popover.Header as="div" display="flex" justifyContent="space-between" alignItems="center">
              <Popover.Title fontWeight="bold">{t('notifications:popover.title')}</Popover.Title>
              <Link asChild color="blue.700" fontSize="sm">
                <RouterLink to="/notifications" onClick={() => onOpenChange(false)}>
                  {t('notifications:popover.seeAll')}
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

import { IconButton } from '@chakra-ui/react'
import { Bell } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { CountBadge } from '@/components/count-badge'
import { bellLabel } from '../lib/bell-label'
import { useNotificationUnread } from '../lib/unread-store'
import { BELL_CONTENT_ID, BELL_TRIGGER_ID } from './bell-ids'
export { default as AlertsNavIcon } from './AlertsNavIcon'
import NotificationConnector from './NotificationConnector'

// The popover (its positioning engine and the list) loads with the first click, not with every
// logged-in page: about 13 KB compressed less on each first load (the page-weight budget).
const BellPopover = lazy(() => import('./BellPopover'))

/**
 * The header's bell (shown from md up): the unread count, and the list in a popover with 'See all'.
 * The header mounts it once while logged in, at every width (hidden below md), so it also hosts the
 * connector that keeps the count and takes live notifications for the phone bar too: one lazy
 * chunk instead of two keeps the landing route's first load within its budget.
 */
export default function NotificationBell() {
  const { t } = useTranslation()
  const count = useNotificationUnread()
  const [open, setOpen] = useState(false)
  // Set by the first click: from then on the popover's code is loaded (or on its way).
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <NotificationConnector />
      <IconButton
        id={BELL_TRIGGER_ID}
        aria-label={bellLabel(t, count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? BELL_CONTENT_ID : undefined}
        variant="ghost"
        color="fg"
        position="relative"
        size="sm"
        onClick={() => {
          setWanted(true)
          setOpen((was) => !was)
        }}
      >
        <Bell aria-hidden />
        {/* The button's name says the count. */}
        <CountBadge count={count} placement="corner" silent testId="bell-count" />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <BellPopover open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}

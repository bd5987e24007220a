import { Bell } from 'lucide-react'
import { CountBadge } from '@/components/count-badge'
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
      <CountBadge count={count} placement="nav" testId="nav-notifications" />
    </>
  )
}

import Notifications from './Notifications'
import Unsubscribe from './Unsubscribe'

/**
 * The feature's two screens behind one lazy import (/notifications, and /unsubscribe from an
 * e-mail): each lazy route costs the landing route's first load a few bytes of its own.
 */
export default function NotificationPages({ page }: { page: 'list' | 'unsubscribe' }) {
  return page === 'list' ? <Notifications /> : <Unsubscribe />
}

import { CountBadge } from '@/components/count-badge'
import { useUnreadTotal } from '@/features/chat/lib/unread'

/** SPEC §2/§9: the red unread-messages badge on the Messages item (at most '99+'). */
export function UnreadBadge({ floating = false }: { floating?: boolean }) {
  const total = useUnreadTotal()
  return <CountBadge count={total} placement={floating ? 'nav' : 'inline'} testId="nav-unread" />
}

import { Suspense, useCallback, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ChatLauncherContext, type ChatTarget } from '@/lib/chat-launcher'
import { useSession } from '@/lib/session'
import { lazyWithQueries } from '../lazy-with-queries'

const ChatDialog = lazyWithQueries(() => import('@/features/chat/components/ChatDialog'))

/**
 * Provides `useOpenChat()` to every screen and shows the one chat dialog it asks for. The dialog
 * belongs to the screen that opened it: leaving that screen closes it.
 */
export function ChatHost({ children }: { children: ReactNode }) {
  const me = useSession().user?.id
  const { pathname } = useLocation()
  const [open, setOpen] = useState<{ target: ChatTarget; path: string } | null>(null)
  const launch = useCallback((target: ChatTarget) => setOpen({ target, path: pathname }), [pathname])
  const shown = open && open.path === pathname ? open.target : null
  return (
    <ChatLauncherContext.Provider value={launch}>
      {children}
      {shown && me !== undefined && (
        <Suspense fallback={null}>
          <ChatDialog
            me={me}
            partner={shown.partner}
            title={shown.title}
            requestId={shown.requestId}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </ChatLauncherContext.Provider>
  )
}

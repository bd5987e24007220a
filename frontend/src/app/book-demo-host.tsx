import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { BookDemoContext, type BookDemoTarget } from '@/lib/book-demo'
import { withCatalogues } from '@/lib/i18n'

// The dialog, its catalogue and the bookings' code load on the first click, never with a screen.
const BookDemoDialog = lazy(withCatalogues(() => import('@/features/bookings/components/BookDemoDialog'), ['bookings']))

/**
 * Provides `useBookDemo()` to a screen and shows the dialog it asks for; leaving the screen closes
 * it. Rendered by the query layer, so every screen but the landing page has it.
 */
export function BookDemoHost({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const [open, setOpen] = useState<{ target: BookDemoTarget; path: string } | null>(null)
  const launch = useCallback((target: BookDemoTarget) => setOpen({ target, path: pathname }), [pathname])
  const shown = open && open.path === pathname ? open.target : null
  return (
    <BookDemoContext.Provider value={launch}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <BookDemoDialog tutor={shown.tutor} requestId={shown.requestId} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </BookDemoContext.Provider>
  )
}

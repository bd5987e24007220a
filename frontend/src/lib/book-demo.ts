import { createContext, useContext } from 'react'

/** The tutor a parent asks for a demo class, and the request it is about (from an interested tutor). */
export interface BookDemoTarget {
  tutor: { id: number; name: string }
  requestId?: number
}

export type OpenBookDemo = (target: BookDemoTarget) => void

/**
 * How a screen opens the "Book a demo class" dialog. Features do not import each other, so the
 * tutor's profile, the parent's request list and the chat ask for it through this; the query layer
 * every screen renders in provides it with the bookings feature's dialog (app/book-demo-host).
 */
export const BookDemoContext = createContext<OpenBookDemo | null>(null)

/** The dialog's opener, or null outside the app's screens (a component shown alone in a test). */
export function useBookDemo(): OpenBookDemo | null {
  return useContext(BookDemoContext)
}

import { useMemo, useReducer } from 'react'
import { useSession } from '@/lib/session'
import { useBookings } from '../api/bookings'
import type { Side } from '../api/types'
import { bookingView, classesReducer, initialClasses } from '../lib/booking-view'

/** "My classes": the chosen list as views for the signed-in side, and the action dialog open on one. */
export function useMyClasses() {
  const { role } = useSession()
  const me: Side = role === 'tutor' ? 'tutor' : 'parent'
  const [state, dispatch] = useReducer(classesReducer, initialClasses)
  const list = useBookings(state.when)
  // The actions are those of the moment the list was read (it is read again on focus and after each change).
  const now = list.dataUpdatedAt
  const views = useMemo(
    () => (list.data?.bookings ?? []).map((booking) => bookingView(booking, me, now)),
    [list.data, me, now],
  )
  const acting = state.acting && views.find((view) => view.booking.id === state.acting?.id)
  return { me, state, dispatch, list, views, acting: acting ? { kind: state.acting!.kind, view: acting } : null }
}

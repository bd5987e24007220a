import { useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { useSession } from '@/lib/session'

// Its own module, in the signed-in shell's file (vite-plugins/chunk-groups.ts): the navigation's count
// loads with every signed-in page, the rest of the bookings' code only on its screen or on a click.
export const bookingCountKey = ['bookings', 'count'] as const

/** The navigation's count of upcoming classes: parents and tutors only. */
export function useBookingCount() {
  const { role, isLoggedIn } = useSession()
  return useQuery({
    queryKey: bookingCountKey,
    // The badge shows no error: without a count it shows none.
    queryFn: () => request(api.GET('/bookings/count'), ''),
    enabled: isLoggedIn && (role === 'parent' || role === 'tutor'),
  })
}

import { Box } from '@chakra-ui/react'
import type { BookingActionKind, BookingView } from '../lib/booking-view'
import { BookingDetails } from './BookingDetails'

/** One class in the list, its time leading to the class's own page (/bookings/:id). */
export function BookingCard({ view, onAct }: { view: BookingView; onAct: (kind: BookingActionKind) => void }) {
  const { id } = view.booking
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="lg" p="4" data-testid={`booking-${id}`}>
      <BookingDetails view={view} onAct={onAct} href={`/bookings/${id}`} />
    </Box>
  )
}

import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useLanguage, useTranslation } from '@/lib/i18n'
import type { Booking, BookingStatus, Side } from '../api/types'
import type { BookingActionKind, BookingView } from '../lib/booking-view'
import { whenText } from '../lib/when-text'
import { OutcomeCard } from './OutcomeCard'
import { AddToCalendar } from './AddToCalendar'

export const STATUS: Record<BookingStatus, { key: string; palette: string }> = {
  requested: { key: 'bookings:status.requested', palette: 'orange' },
  proposed: { key: 'bookings:status.proposed', palette: 'orange' },
  confirmed: { key: 'bookings:status.confirmed', palette: 'green' },
  declined: { key: 'bookings:status.declined', palette: 'gray' },
  cancelled: { key: 'bookings:status.cancelled', palette: 'red' },
}

const SIDE: Record<Side, string> = { parent: 'bookings:side.parent', tutor: 'bookings:side.tutor' }

const LATE_COUNT: Record<Side, string> = {
  parent: 'bookings:card.parentLate',
  tutor: 'bookings:card.tutorLate',
}

const ACTION: Record<BookingActionKind, string> = {
  accept: 'bookings:actions.accept',
  decline: 'bookings:actions.decline',
  cancel: 'bookings:actions.cancel',
  reschedule: 'bookings:actions.reschedule',
  noShow: 'bookings:actions.noShow',
}

/** The booking's own words, each under its label ("Subject: Mathematics"), when it has them. */
const DETAILS: { text: (booking: Booking) => string | null | undefined; key: string; name: string }[] = [
  { text: (b) => b.subject, key: 'bookings:card.subject', name: 'subject' },
  { text: (b) => b.place, key: 'bookings:card.place', name: 'place' },
  { text: (b) => b.note, key: 'bookings:card.note', name: 'note' },
  { text: (b) => b.declineReason, key: 'bookings:card.declineReason', name: 'reason' },
  { text: (b) => b.rescheduleNote, key: 'bookings:card.rescheduleNote', name: 'note' },
]

interface BookingDetailsProps {
  view: BookingView
  onAct: (kind: BookingActionKind) => void
  /** Where the time leads (the list's card: the class's own page); plain text when absent. */
  href?: string
}

/**
 * One class as its two sides read it, in the list's card and on its own page: when (IST), with whom,
 * what and where, its status, what happened to it, and the actions this side may take now.
 */
export function BookingDetails({ view, onAct, href }: BookingDetailsProps) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const { booking } = view
  const status = STATUS[booking.status]
  const me = view.other.side === 'tutor' ? 'parent' : 'tutor'
  const heading = view.time
    ? t('bookings:card.when', { when: whenText(view.time.startsAt, view.time.endsAt, language) })
    : t('bookings:card.proposedTimes')
  return (
    <Stack gap="1">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
        <Text fontWeight="semibold">
          {href ? (
            <Link asChild color="blue.700">
              <RouterLink to={href}>{heading}</RouterLink>
            </Link>
          ) : (
            heading
          )}
        </Text>
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={status.palette} variant="subtle">
            {t(status.key)}
          </Badge>
          {booking.lateCancellation && (
            <Badge colorPalette="red" variant="solid">
              {t('bookings:card.late')}
            </Badge>
          )}
        </HStack>
      </HStack>
      {!view.time && (
        <Stack as="ul" ps="5" listStyleType="disc" gap="0">
          {booking.proposals.map((p) => (
            <Box as="li" key={p.startsAt} fontSize="sm">
              {whenText(p.startsAt, p.endsAt, language)}
            </Box>
          ))}
        </Stack>
      )}
      <Text>{t('bookings:card.with', { name: view.other.name, side: t(SIDE[view.other.side]) })}</Text>
      {DETAILS.map(({ text, key, name }) => {
        const value = text(booking)
        return (
          value && (
            <Text key={key} fontSize="sm" overflowWrap="anywhere">
              {t(key, { [name]: value })}
            </Text>
          )
        )
      })}
      {booking.cancelledBy && (
        <Text fontSize="sm">
          {booking.cancelNote
            ? t('bookings:card.cancelledNote', { side: t(SIDE[booking.cancelledBy]), note: booking.cancelNote })
            : t('bookings:card.cancelledBy', { side: t(SIDE[booking.cancelledBy]) })}
        </Text>
      )}
      {booking.noShowReportedBy && (
        <Text fontSize="sm">{t('bookings:card.noShow', { side: t(SIDE[booking.noShowReportedBy]) })}</Text>
      )}
      {view.outcome.shown && <OutcomeCard booking={booking} me={me} otherName={view.other.name} view={view.outcome} />}
      {view.lateCounts.map(({ side, count }) => (
        <Text key={side} fontSize="sm" color="orange.800">
          {t(LATE_COUNT[side], { count })}
        </Text>
      ))}
      {view.awaitingMe && (
        <Text fontSize="sm" fontWeight="medium" color="blue.800">
          {t('bookings:card.awaitingYou')}
        </Text>
      )}
      {view.awaitingOther && (
        <Text fontSize="sm" color="fg.muted">
          {t('bookings:card.awaitingOther', { name: view.other.name })}
        </Text>
      )}
      {booking.status === 'confirmed' && booking.startsAt && <AddToCalendar id={booking.id} />}
      {view.actions.length > 0 && (
        <HStack gap="2" wrap="wrap" mt="2">
          {view.actions.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant={kind === 'accept' ? 'solid' : 'outline'}
              colorPalette={kind === 'cancel' || kind === 'decline' ? 'red' : 'blue'}
              onClick={() => onAct(kind)}
            >
              {t(ACTION[kind])}
            </Button>
          ))}
        </HStack>
      )}
    </Stack>
  )
}

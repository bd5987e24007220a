import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { errorMessage } from '@/api/client'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { useBookings } from '../api/bookings'
import type { Booking } from '../api/types'
import { dayLabel, istTime } from '../lib/ist'
import { addDays, byDay, weekDays } from '../lib/week'
import { STATUS } from './BookingDetails'
import { Loading } from './Loading'

interface WeekViewProps {
  /** The week's Monday (IST). */
  monday: string
  /** Today in IST, marked on the grid. */
  today: string
  /** The reader's side: the other one names each class. */
  me: 'parent' | 'tutor'
  onWeek: (monday: string) => void
}

/** One class on the grid: its IST time, the other side and its status, leading to its page. */
function ClassBlock({ booking, me }: { booking: Booking; me: 'parent' | 'tutor' }) {
  const { t } = useTranslation('bookings')
  const status = STATUS[booking.status]
  const other = me === 'parent' ? booking.tutor.name : booking.parent.name
  const off = booking.status === 'cancelled' || booking.status === 'declined'
  return (
    <Box
      as="li"
      borderStartWidth="3px"
      borderColor={`${status.palette}.500`}
      bg={`${status.palette}.50`}
      borderRadius="sm"
      fontSize="sm"
      _hover={{ bg: `${status.palette}.100` }}
    >
      <RouterLink to={`/bookings/${booking.id}`} style={{ display: 'block', padding: '4px 6px' }}>
        <Text fontWeight="semibold" textDecoration={off ? 'line-through' : undefined}>
          {istTime(booking.startsAt!)}–{istTime(booking.endsAt!)}
        </Text>
        <Text overflowWrap="anywhere">{other}</Text>
        <Text fontSize="xs" color={`${status.palette}.800`}>
          {t(status.key)}
        </Text>
      </RouterLink>
    </Box>
  )
}

/**
 * "My classes" as a week in IST, Monday first: a column a day from tablet width, a row a day on a
 * phone; today marked; each class leads to its page. Reads both lists (the week may hold either).
 */
export function WeekView({ monday, today, me, onWeek }: WeekViewProps) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const upcoming = useBookings('upcoming')
  const past = useBookings('past')
  const days = weekDays(monday)
  const range = t('bookings:week.range', { from: dayLabel(days[0]!, language), to: dayLabel(days[6]!, language) })
  const nav = (
    <HStack gap="2" mb="4" wrap="wrap">
      <Button size="sm" variant="outline" colorPalette="blue" onClick={() => onWeek(addDays(monday, -7))}>
        <ChevronLeft aria-hidden /> {t('bookings:week.previous')}
      </Button>
      {/* On a phone the week's dates have a line of their own, above its buttons. */}
      <Text
        as="h2"
        fontWeight="semibold"
        fontSize="md"
        flex="1"
        flexBasis={{ base: '100%', md: 'auto' }}
        order={{ base: -1, md: 0 }}
        textAlign="center"
        aria-live="polite"
      >
        {range}
      </Text>
      <Button size="sm" variant="outline" colorPalette="blue" ms="auto" onClick={() => onWeek(addDays(monday, 7))}>
        {t('bookings:week.next')} <ChevronRight aria-hidden />
      </Button>
      {!days.includes(today) && (
        <Button size="sm" variant="ghost" colorPalette="blue" onClick={() => onWeek(today)}>
          {t('bookings:week.thisWeek')}
        </Button>
      )}
    </HStack>
  )
  if (upcoming.isPending || past.isPending) {
    return (
      <>
        {nav}
        <Loading label={t('bookings:page.loading')} />
      </>
    )
  }
  const failed = upcoming.error ?? past.error
  if (failed) {
    return (
      <>
        {nav}
        <Text role="alert">{errorMessage(failed, t('bookings:loadFailed'))}</Text>
      </>
    )
  }
  const all = [...(upcoming.data?.bookings ?? []), ...(past.data?.bookings ?? [])]
  const grouped = byDay(all, monday, (booking) => (booking.endsAt ? (booking.startsAt ?? null) : null))
  const empty = [...grouped.values()].every((list) => list.length === 0)
  return (
    <>
      {nav}
      {empty && (
        <Text color="fg.muted" mb="3">
          {t('bookings:week.empty')}
        </Text>
      )}
      <Box
        as="ol"
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr))' }}
        gap={{ base: '2', md: '1' }}
        aria-label={range}
        data-testid="week-grid"
      >
        {days.map((day) => {
          const isToday = day === today
          const classes = grouped.get(day) ?? []
          return (
            <Box
              as="li"
              key={day}
              aria-current={isToday ? 'date' : undefined}
              data-day={day}
              borderWidth={isToday ? '2px' : '1px'}
              borderColor={isToday ? 'blue.600' : 'border'}
              borderRadius="md"
              p="2"
              minH={{ base: 'auto', md: '32' }}
              display={{ base: 'flex', md: 'block' }}
              gap="3"
            >
              <Stack gap="0" mb={{ base: '0', md: '2' }} minW={{ base: '24', md: 'auto' }} flexShrink={0}>
                <Text as="h3" fontSize="sm" fontWeight="semibold">
                  {dayLabel(day, language)}
                </Text>
                {isToday && (
                  <Badge colorPalette="blue" variant="solid" alignSelf="flex-start" size="sm">
                    {t('bookings:week.today')}
                  </Badge>
                )}
              </Stack>
              {classes.length > 0 ? (
                <Stack as="ul" listStyleType="none" gap="1" flex="1" minW="0">
                  {classes.map((booking) => (
                    <ClassBlock key={booking.id} booking={booking} me={me} />
                  ))}
                </Stack>
              ) : (
                <Text fontSize="xs" color="fg.muted" hideFrom="md">
                  {t('bookings:week.noClasses')}
                </Text>
              )}
            </Box>
          )
        })}
      </Box>
    </>
  )
}

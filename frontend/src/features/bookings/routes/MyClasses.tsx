import { Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { BookingActionDialog } from '../components/BookingActionDialog'
import { BookingCard } from '../components/BookingCard'
import { useMyClasses } from '../hooks/use-my-classes'
import type { When } from '../lib/booking-view'

// Loaded when opened: most visits never need it.
const CalendarFeed = lazy(() => import('../components/CalendarFeed'))

const TABS: { when: When; key: string; empty: string }[] = [
  { when: 'upcoming', key: 'bookings:page.upcoming', empty: 'bookings:page.emptyUpcoming' },
  { when: 'past', key: 'bookings:page.past', empty: 'bookings:page.emptyPast' },
]

/** /classes: a parent's or tutor's demo classes, upcoming and past, in IST, with what each side may do. */
export default function MyClasses() {
  const { t } = useTranslation('bookings')
  const { state, dispatch, list, views, acting } = useMyClasses()
  const tab = TABS.find((entry) => entry.when === state.when)!
  const [calendarOpen, setCalendarOpen] = useState(false)
  return (
    <Page title={t('bookings:page.title')} subtitle={t('bookings:page.subtitle')}>
      <Panel>
        <HStack role="group" aria-label={t('bookings:page.which')} gap="2" mb="4">
          {TABS.map((entry) => (
            <Button
              key={entry.when}
              size="sm"
              variant={entry.when === state.when ? 'solid' : 'outline'}
              colorPalette="blue"
              aria-pressed={entry.when === state.when}
              onClick={() => dispatch({ type: 'when', when: entry.when })}
            >
              {t(entry.key)}
            </Button>
          ))}
          <Button
            size="sm"
            variant="ghost"
            colorPalette="blue"
            ms="auto"
            aria-expanded={calendarOpen}
            onClick={() => setCalendarOpen((open) => !open)}
          >
            {t('bookings:calendar.open')}
          </Button>
        </HStack>
        {calendarOpen && (
          <Suspense fallback={<Spinner size="sm" color="blue.600" />}>
            <CalendarFeed />
          </Suspense>
        )}
        {list.isPending ? (
          <Flex justify="center" py="10" role="status" aria-label={t('bookings:page.loading')}>
            <Spinner size="lg" color="blue.600" />
          </Flex>
        ) : list.isError ? (
          <Text role="alert">{errorMessage(list.error, t('bookings:loadFailed'))}</Text>
        ) : views.length === 0 ? (
          <Text color="fg.muted">{t(tab.empty)}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t(tab.key)}>
            {views.map((view) => (
              <BookingCard
                key={view.booking.id}
                view={view}
                onAct={(kind) => dispatch({ type: 'act', kind, id: view.booking.id })}
              />
            ))}
          </Stack>
        )}
      </Panel>
      {acting && (
        <BookingActionDialog kind={acting.kind} view={acting.view} onClose={() => dispatch({ type: 'close' })} />
      )}
    </Page>
  )
}

import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { BookingActionDialog } from '../components/BookingActionDialog'
import { BookingCard } from '../components/BookingCard'
import { Loading } from '../components/Loading'
import { WeekView } from '../components/WeekView'
import { useMyClasses } from '../hooks/use-my-classes'
import type { When } from '../lib/booking-view'
import { istToday, weekFromParam } from '../lib/week'

// Loaded when opened: most visits never need it.
const CalendarFeed = lazy(() => import('../components/CalendarFeed'))
// Lessons after a demo: their own chunk, loaded after the classes themselves.
const Lessons = lazy(() => import('../components/Lessons'))

const TABS: { when: When; key: string; empty: string }[] = [
  { when: 'upcoming', key: 'bookings:page.upcoming', empty: 'bookings:page.emptyUpcoming' },
  { when: 'past', key: 'bookings:page.past', empty: 'bookings:page.emptyPast' },
]

/** The list (upcoming or past) with each class's actions. */
function ClassList({ classes }: { classes: ReturnType<typeof useMyClasses> }) {
  const { t } = useTranslation('bookings')
  const { state, dispatch, list, views } = classes
  const tab = TABS.find((entry) => entry.when === state.when)!
  return (
    <>
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
      </HStack>
      {list.isPending ? (
        <Loading label={t('bookings:page.loading')} />
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
    </>
  )
}

/**
 * /classes: a parent's or tutor's demo classes in IST, as a list (upcoming and past, with what each
 * side may do) or as a week (?view=week&week=<its Monday>: the address keeps the choice).
 */
export default function MyClasses() {
  const { t } = useTranslation('bookings')
  const classes = useMyClasses()
  const { me, dispatch, acting } = classes
  const [calendarOpen, setCalendarOpen] = useState(false)
  const [params, setParams] = useSearchParams()
  const week = params.get('view') === 'week'
  // Today in IST as of opening the screen.
  const [today] = useState(() => istToday(Date.now()))
  const monday = weekFromParam(params.get('week'), today)
  /** The week of `day` (null: the list) into the address. */
  const show = (day: string | null) => setParams(day === null ? {} : { view: 'week', week: weekFromParam(day, today) })
  return (
    <Page title={t('bookings:page.title')} subtitle={t('bookings:page.subtitle')}>
      <Panel>
        <HStack gap="2" mb="4" wrap="wrap">
          <HStack role="group" aria-label={t('bookings:week.show')} gap="0">
            {[false, true].map((asWeek) => (
              <Button
                key={String(asWeek)}
                size="sm"
                variant={asWeek === week ? 'solid' : 'outline'}
                colorPalette="blue"
                aria-pressed={asWeek === week}
                borderStartRadius={asWeek ? '0' : undefined}
                borderEndRadius={asWeek ? undefined : '0'}
                onClick={() => show(asWeek ? monday : null)}
              >
                {t(asWeek ? 'bookings:week.week' : 'bookings:week.list')}
              </Button>
            ))}
          </HStack>
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
        {week ? <WeekView monday={monday} today={today} me={me} onWeek={show} /> : <ClassList classes={classes} />}
        <Suspense fallback={<Spinner size="sm" color="blue.600" />}>
          <Lessons me={me} />
        </Suspense>
      </Panel>
      {acting && (
        <BookingActionDialog kind={acting.kind} view={acting.view} onClose={() => dispatch({ type: 'close' })} />
      )}
    </Page>
  )
}

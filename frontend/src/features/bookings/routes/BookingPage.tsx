import { Link, Text } from '@chakra-ui/react'
import { ChevronLeft } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { useScreenMeta } from '@/lib/document-meta'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useBooking } from '../api/bookings'
import type { Side } from '../api/types'
import { BookingActionDialog } from '../components/BookingActionDialog'
import { Loading } from '../components/Loading'
import { BookingDetails } from '../components/BookingDetails'
import { bookingView, type BookingActionKind } from '../lib/booking-view'
import { dayLabel, istDay, istTime } from '../lib/ist'

function BackLink() {
  const { t } = useTranslation('bookings')
  return (
    <Link asChild color="blue.700" fontWeight="medium" mb="4" display="inline-flex" alignItems="center">
      <RouterLink to="/classes">
        <ChevronLeft aria-hidden /> {t('bookings:booking.back')}
      </RouterLink>
    </Link>
  )
}

/**
 * /bookings/:id, where notifications and e-mails about a class lead: the class as its parent or
 * tutor reads it (when in IST, with whom, where, its status and what happened to it) and what they
 * may do now, as in My classes. Anyone else, like an unknown id, is told it is not found.
 */
export default function BookingPage() {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const { role } = useSession()
  const me: Side = role === 'tutor' ? 'tutor' : 'parent'
  const id = Number(useParams().id)
  const found = useBooking(id)
  const [acting, setActing] = useState<BookingActionKind | null>(null)
  // The actions are those of the moment it was read (it is read again after each change).
  const now = found.dataUpdatedAt
  const view = useMemo(() => found.data && bookingView(found.data, me, now), [found.data, me, now])
  const title = view ? t('bookings:booking.titleWith', { name: view.other.name }) : t('bookings:booking.title')
  useScreenMeta({ title: view ? title : undefined })

  const notFound =
    !Number.isSafeInteger(id) || id <= 0 || (found.error instanceof ApiError && found.error.status === 404)
  if (notFound) {
    return (
      <Page title={t('bookings:booking.notFound')}>
        <Panel>
          <Text role="alert">{t('bookings:booking.notFoundText')}</Text>
          <Link asChild mt="4" display="inline-block" color="blue.700" fontWeight="medium">
            <RouterLink to="/classes">{t('bookings:page.title')}</RouterLink>
          </Link>
        </Panel>
      </Page>
    )
  }
  return (
    <Page title={title}>
      <BackLink />
      <Panel data-testid="booking-page">
        {found.isPending ? (
          <Loading label={t('bookings:booking.loading')} />
        ) : found.isError || !view ? (
          <Text role="alert">{errorMessage(found.error, t('bookings:booking.loadFailed'))}</Text>
        ) : (
          <>
            <BookingDetails view={view} onAct={setActing} />
            <Text fontSize="sm" color="fg.muted" mt="3">
              {t('bookings:booking.booked', {
                when: `${dayLabel(istDay(view.booking.createdAt), language)}, ${istTime(view.booking.createdAt)}`,
              })}
            </Text>
          </>
        )}
      </Panel>
      {acting && view && <BookingActionDialog kind={acting} view={view} onClose={() => setActing(null)} />}
    </Page>
  )
}

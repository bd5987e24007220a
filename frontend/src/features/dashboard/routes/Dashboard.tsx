import { Link, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Link as RouterLink } from 'react-router'
import { DemoPaymentsNotice } from '@/components/demo-payments-notice'
import { Page } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useParentPanelsSettled } from '../api/panels-settled'

const TestimonialCard = lazy(() => import('../components/TestimonialCard'))

interface DashboardProps {
  /** The parent's request list (features/requests), composed in app/routes.tsx. */
  parent: ReactNode
  /** The tutor's nearby requests with the subscription gate (features/tuition). */
  tutor: ReactNode
}

/** SPEC §2: parents see their requests; tutors their nearby requests (or the prompt to subscribe). */
export default function Dashboard({ parent, tutor }: DashboardProps) {
  const { t } = useTranslation('shared')
  const { role, user } = useSession()
  const name = user?.fullname?.split(' ')[0]
  const panelsSettled = useParentPanelsSettled()
  // An admin neither posts nor answers requests: their work is the admin panel.
  if (role === 'admin') return <Navigate to="/admin" replace />
  return (
    <Page
      title={t('shared:dashboard.title')}
      maxW={role === 'parent' ? '4xl' : '6xl'}
      subtitle={
        <>
          <span>{name ? t('shared:dashboard.welcomeName', { name }) : t('shared:dashboard.welcome')}</span>{' '}
          <Link asChild color="blue.700" fontSize="md">
            <RouterLink to="/profile">{t('shared:dashboard.editProfile')}</RouterLink>
          </Link>
        </>
      }
    >
      {role === 'tutor' && <DemoPaymentsNotice />}
      <Suspense fallback={<Spinner aria-label={t('common:status.loading')} />}>
        {role === 'parent' ? parent : tutor}
      </Suspense>
      {role === 'parent' && panelsSettled && (
        <Suspense fallback={null}>
          <TestimonialCard />
        </Suspense>
      )}
    </Page>
  )
}

import { Link, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Link as RouterLink } from 'react-router'
import { DemoPaymentsNotice } from '@/components/demo-payments-notice'
import { Page } from '@/components/page'
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
  const { role, user } = useSession()
  const name = user?.fullname?.split(' ')[0]
  const panelsSettled = useParentPanelsSettled()
  // An admin neither posts nor answers requests: their work is the admin panel.
  if (role === 'admin') return <Navigate to="/admin" replace />
  return (
    <Page
      title="Dashboard"
      maxW={role === 'parent' ? '4xl' : '6xl'}
      subtitle={
        <>
          <span>{name ? `Welcome, ${name}!` : 'Welcome!'}</span>{' '}
          <Link asChild color="blue.700" fontSize="md">
            <RouterLink to="/profile">Edit my profile</RouterLink>
          </Link>
        </>
      }
    >
      {role === 'tutor' && <DemoPaymentsNotice />}
      <Suspense fallback={<Spinner aria-label="Loading" />}>{role === 'parent' ? parent : tutor}</Suspense>
      {role === 'parent' && panelsSettled && (
        <Suspense fallback={null}>
          <TestimonialCard />
        </Suspense>
      )}
    </Page>
  )
}

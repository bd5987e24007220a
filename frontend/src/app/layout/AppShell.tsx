import { Box, Flex, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '@/components/error-boundary'
import { useSignOut } from '@/features/auth/api/logout'
import { useBroadcast } from '@/features/chat/lib/broadcast'
import { useMaintenanceSignal } from '@/lib/maintenance'
import { useSession } from '@/lib/session'
import { useSiteData } from '@/lib/site-store'
import { BottomNav } from './BottomNav'
import { ChatHost } from './ChatHost'
import { Footer } from './Footer'
import { Header } from './Header'
import { ScreenError } from './ScreenError'
import { useSiteSettingsEffect } from './site-settings'

const ProfileSync = lazy(() => import('./ProfileSync'))
const SubscriptionSync = lazy(() => import('./SubscriptionSync'))
const ChatConnector = lazy(() => import('@/features/chat/components/ChatConnector'))
const Maintenance = lazy(() => import('./Maintenance'))
const SiteSync = lazy(() => import('./SiteSync'))
const BroadcastBanner = lazy(() => import('./BroadcastBanner'))

function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
}

function ScreenLoading() {
  return (
    <Flex justify="center" py="20" role="status" aria-label="Loading">
      <Spinner size="lg" color="blue.600" />
    </Flex>
  )
}

export function AppShell() {
  const session = useSession()
  const signOut = useSignOut()
  const { pathname } = useLocation()
  useScrollToTopOnNavigate(pathname)
  const site = useSiteData()
  useSiteSettingsEffect(site?.settings)
  const maintenanceSignal = useMaintenanceSignal()
  const broadcast = useBroadcast()
  // Maintenance mode shuts the site for everyone but admins; /login stays open so an admin can sign in.
  const inMaintenance =
    (maintenanceSignal || site?.settings.maintenanceMode === true) && session.role !== 'admin' && pathname !== '/login'

  return (
    <Flex direction="column" minH="100dvh">
      <Header session={session} onSignOut={signOut} logoUrl={site?.settings.logoUrl} />
      {broadcast && (
        <Suspense fallback={null}>
          <BroadcastBanner />
        </Suspense>
      )}
      <Box as="main" id="main" tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        <ErrorBoundary resetKey={pathname} fallback={(error) => <ScreenError error={error} />}>
          <ChatHost>
            <Suspense fallback={<ScreenLoading />}>{inMaintenance ? <Maintenance /> : <Outlet />}</Suspense>
          </ChatHost>
        </ErrorBoundary>
      </Box>
      <Footer />
      <Suspense fallback={null}>
        <SiteSync />
      </Suspense>
      <BottomNav session={session} />
      {session.isLoggedIn && (
        <Suspense fallback={null}>
          <ProfileSync />
          {session.role === 'tutor' && <SubscriptionSync key={`subscription:${session.token}`} />}
          {/* SPEC §4: the chat socket connects after the profile has loaded. */}
          {session.user?.id !== undefined && session.token && (
            <ChatConnector key={session.token} token={session.token} />
          )}
        </Suspense>
      )}
    </Flex>
  )
}

import { Box, Flex, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from '@/lib/i18n'
import { Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '@/components/error-boundary'
import { lazyWithQueries } from '../lazy-with-queries'
import { useSignOut } from '@/features/auth/api/logout'
import { useBroadcast } from '@/features/chat/lib/broadcast'
import { HEADER_HEIGHT } from '@/lib/constants'
import { useRouteMeta } from '@/lib/document-meta'
import { useMaintenanceSignal } from '@/lib/maintenance'
import { useOnline } from '@/lib/online-status'
import { useSession } from '@/lib/session'
import { useSiteData } from '@/lib/site-store'
import { BottomNav } from './BottomNav'
import { ChatHost } from './ChatHost'
import { Footer } from './Footer'
import { Header } from './Header'
import { DEFAULT_DESCRIPTION_KEY, routeMeta } from '../route-meta'
import { ScreenError } from './ScreenError'
import { SiteSync } from './SiteSync'
import { useSiteSettingsEffect } from './site-settings'

const ProfileSync = lazyWithQueries(() => import('./ProfileSync'))
const SubscriptionSync = lazyWithQueries(() => import('./SubscriptionSync'))
const ChatConnector = lazyWithQueries(() => import('@/features/chat/components/ChatConnector'))
const Maintenance = lazy(() => import('./Maintenance'))
const BroadcastBanner = lazy(() => import('./BroadcastBanner'))
const OfflineBanner = lazy(() => import('./OfflineBanner'))

function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
}

/** While a screen's code loads: a spinner where the screen will be (main keeps the footer below the fold). */
function ScreenLoading() {
  const { t } = useTranslation()
  return (
    <Flex justify="center" py="20" role="status" aria-label={t('common:status.loading')}>
      <Spinner size="lg" color="blue.600" />
    </Flex>
  )
}

/**
 * Main fills the window under the header whatever it holds, so the footer starts below the fold on
 * every route: a screen that loads (its code, then its data) grows main downwards instead of pushing
 * a visible footer down (no layout shift).
 */
const MAIN_MIN_HEIGHT = {
  base: `calc(100dvh - ${HEADER_HEIGHT.base})`,
  md: `calc(100dvh - ${HEADER_HEIGHT.md})`,
}

/**
 * The route's title and description in the language shown. Those of every route but the landing
 * page come with the screens' shared catalogue, which loads beside the screen's code: until it is
 * there the tab keeps the site's own title (as the page's HTML has it), and the route's arrives with
 * the screen.
 */
function useRouteDocumentMeta(pathname: string) {
  const { t, i18n } = useTranslation()
  const keys = routeMeta(pathname)
  const known = (key: string | undefined) => (key && i18n.has(key) ? t(key) : undefined)
  useRouteMeta(
    { title: known(keys.title), description: known(keys.description) ?? t(DEFAULT_DESCRIPTION_KEY) },
    t('common:app.tagline'),
  )
}

export function AppShell() {
  const session = useSession()
  const signOut = useSignOut()
  const { pathname } = useLocation()
  useScrollToTopOnNavigate(pathname)
  useRouteDocumentMeta(pathname)
  const site = useSiteData()
  useSiteSettingsEffect(site?.settings)
  const maintenanceSignal = useMaintenanceSignal()
  const broadcast = useBroadcast()
  const online = useOnline()
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
      <Box as="main" id="main" tabIndex={-1} flex="1" minH={MAIN_MIN_HEIGHT} _focus={{ outline: 'none' }}>
        <ErrorBoundary resetKey={pathname} fallback={(error) => <ScreenError error={error} />}>
          <ChatHost>
            <Suspense fallback={<ScreenLoading />}>{inMaintenance ? <Maintenance /> : <Outlet />}</Suspense>
          </ChatHost>
        </ErrorBoundary>
      </Box>
      <Footer />
      <SiteSync />
      <BottomNav session={session} />
      {!online && (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
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

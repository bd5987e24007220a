import { Box, Flex, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '@/components/error-boundary'
import { useSignOut } from '@/features/auth/api/logout'
import { useSession } from '@/lib/session'
import { BottomNav } from './BottomNav'
import { Footer } from './Footer'
import { Header } from './Header'
import { ScreenError } from './ScreenError'

const ProfileSync = lazy(() => import('./ProfileSync'))
const SubscriptionSync = lazy(() => import('./SubscriptionSync'))
const ChatConnector = lazy(() => import('@/components/chat/ChatConnector'))

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

  return (
    <Flex direction="column" minH="100dvh">
      <Header session={session} onSignOut={signOut} />
      <Box as="main" id="main" tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        <ErrorBoundary resetKey={pathname} fallback={(error) => <ScreenError error={error} />}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
      <BottomNav session={session} />
      {session.isLoggedIn && (
        <Suspense fallback={null}>
          <ProfileSync />
          {session.role === 'tutor' && <SubscriptionSync key={session.token} />}
          {/* SPEC §4: the chat socket connects after the profile has loaded. */}
          {session.user?.id !== undefined && session.token && (
            <ChatConnector key={session.token} token={session.token} />
          )}
        </Suspense>
      )}
    </Flex>
  )
}

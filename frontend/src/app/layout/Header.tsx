import { Box, Button, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react'
import { GraduationCap, LogOut, Menu } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { Link as RouterLink, NavLink } from 'react-router'
import { APP_NAME, HEADER_HEIGHT } from '@/lib/constants'
import { lazyWithQueries } from '../lazy-with-queries'
import { displayName, type Session } from '@/lib/session'
import { LanguageSwitch } from './LanguageSwitch'
import { desktopNavItems, NAV_LABELS } from './nav'
import { UnreadBadge } from './UnreadBadge'

const MobileDrawer = lazy(() => import('./MobileDrawer'))
// The bell, its popover and the live notifications load once someone is logged in, never on a
// logged-out first visit.
const NotificationBell = lazyWithQueries(() => import('@/features/notifications/components/NotificationBell'))
// "My classes" with its count: a parent's and a tutor's, loaded with the query layer after sign-in.
const ClassesNavLink = lazyWithQueries(() => import('@/features/bookings/components/ClassesNavLink'))
const NAV_LINK_CSS = { '&[aria-current=page]': { bg: 'blue.50', color: 'blue.800' } }

/** The admin's logo is drawn in a fixed box whatever its file's size, so its arrival moves nothing. */
const LOGO_BOX = { width: 120, height: 32 }

function Brand({ logoUrl }: { logoUrl?: string | null }) {
  const { t } = useTranslation()
  return (
    <Link asChild fontWeight="bold" fontSize="xl" color="blue.700" _hover={{ textDecoration: 'none' }} gap="2">
      <RouterLink to="/" aria-label={t('common:header.brandHome', { site: APP_NAME })}>
        {logoUrl ? (
          <img
            src={logoUrl}
            alt=""
            width={LOGO_BOX.width}
            height={LOGO_BOX.height}
            style={{ ...LOGO_BOX, objectFit: 'contain', objectPosition: 'left center' }}
          />
        ) : (
          <GraduationCap aria-hidden size={28} />
        )}
        <span>{APP_NAME}</span>
      </RouterLink>
    </Link>
  )
}

export function Header({
  session,
  onSignOut,
  logoUrl,
}: {
  session: Session
  onSignOut: () => void
  /** The admin's uploaded logo (site settings), in place of the default mark. */
  logoUrl?: string | null
}) {
  const { t } = useTranslation()
  const items = desktopNavItems(session)
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuLoaded, setMenuLoaded] = useState(false)
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-12"
        zIndex="skipLink"
        bg="blue.700"
        color="white"
        px="4"
        py="2"
        borderRadius="md"
        _focus={{ top: '2' }}
      >
        {t('common:header.skipToMain')}
      </Link>
      <Flex
        maxW="6xl"
        mx="auto"
        px={{ base: '2', md: '3', lg: '6' }}
        h={HEADER_HEIGHT}
        align="center"
        gap={{ base: '2', md: '1', lg: '2' }}
      >
        <IconButton
          aria-label={t('common:header.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          variant="ghost"
          hideFrom="md"
          color="fg"
          onClick={() => {
            setMenuLoaded(true)
            setMenuOpen(true)
          }}
        >
          <Menu aria-hidden />
        </IconButton>
        {menuLoaded && (
          <Suspense fallback={null}>
            <MobileDrawer session={session} open={menuOpen} onOpenChange={setMenuOpen} onSignOut={onSignOut} />
          </Suspense>
        )}
        <Brand logoUrl={logoUrl} />
        <Box flex="1" />
        {/* On a phone a signed-in person's name takes this place; the drawer has the switch too. */}
        <Box hideBelow={session.isLoggedIn ? 'md' : undefined}>
          <LanguageSwitch collapsible />
        </Box>
        <HStack as="nav" aria-label={t('common:header.mainNav')} gap={{ md: '0.5', lg: '1' }} hideBelow="md">
          {items.map((item) => {
            const isSignUp = item.id === 'signUp'
            return (
              <Button
                key={item.to}
                asChild
                size="sm"
                // Narrower from md to lg, where the nav, the language switch and the brand share 768 px.
                px={{ md: '1.5', lg: '3.5' }}
                variant={isSignUp ? 'solid' : 'ghost'}
                color={isSignUp ? undefined : 'fg'}
                css={isSignUp ? undefined : NAV_LINK_CSS}
              >
                <NavLink to={item.to} end={item.to === '/'}>
                  {t(NAV_LABELS[item.id])}
                  {item.id === 'messages' && <UnreadBadge />}
                </NavLink>
              </Button>
            )
          })}
          {session.isLoggedIn && (session.role === 'parent' || session.role === 'tutor') && (
            <Suspense fallback={null}>
              <ClassesNavLink
                button={{ size: 'sm', px: { md: '1.5', lg: '3.5' }, variant: 'ghost', color: 'fg', css: NAV_LINK_CSS }}
              />
            </Suspense>
          )}
          {session.isLoggedIn && (
            <Suspense fallback={null}>
              <NotificationBell key={session.token} />
            </Suspense>
          )}
          {session.isLoggedIn && (
            <Button size="sm" variant="outline" onClick={onSignOut} ms={{ md: '1', lg: '2' }}>
              <LogOut aria-hidden /> {t('common:header.signOut')}
            </Button>
          )}
        </HStack>
        {session.isLoggedIn && (
          <Text hideFrom="md" fontSize="sm" color="fg.muted" truncate maxW="40%" title={session.email ?? undefined}>
            {displayName(session)}
          </Text>
        )}
      </Flex>
    </Box>
  )
}

import { Badge, Box, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react'
import { drawerSlotRecipe } from '@chakra-ui-theme/recipes/drawer'
import { LogOut } from 'lucide-react'
import { Suspense } from 'react'
import { useTranslation } from '@/lib/i18n'
import { NavLink, useLocation } from 'react-router'
import type { Role } from '@/api/types'
import type { Session } from '@/lib/session'
import { drawerExtraItems, titleKeyFromPath } from './drawer-nav'
import { lazyWithQueries } from '../lazy-with-queries'
import { LanguageSwitch } from './LanguageSwitch'
import { desktopNavItems, NAV_LABELS, type NavItem } from './nav'

function uniqueByPath(items: NavItem[]): NavItem[] {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(item.to) ? false : (seen.add(item.to), true)))
}

const ClassesNavLink = lazyWithQueries(() => import('@/features/bookings/components/ClassesNavLink'))
const LINK_CSS = { '&[aria-current=page]': { bg: 'blue.50', color: 'blue.800' } }

const ROLE_LABELS: Record<Role | 'guest', string> = {
  parent: 'common:roles.parent',
  tutor: 'common:roles.tutor',
  admin: 'common:roles.admin',
  guest: 'common:roles.guest',
}

export interface MobileDrawerProps {
  session: Session
  open: boolean
  onOpenChange: (open: boolean) => void
  onSignOut: () => void
}

/**
 * Below md: the menu with the page title, who is signed in, the links and Sign Out.
 * Loaded on the first tap of the menu button, so its dialog code stays out of the first page load.
 */
export default function MobileDrawer({ session, open, onOpenChange, onSignOut }: MobileDrawerProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const items = uniqueByPath([...desktopNavItems(session), ...drawerExtraItems(session)])
  const close = () => onOpenChange(false)

  return (
    <Drawer.Root recipe={drawerSlotRecipe} open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="xs">
            <Drawer.Header borderBottomWidth="1px" borderColor="border">
              <Stack gap="1">
                <Drawer.Title>{t(titleKeyFromPath(pathname))}</Drawer.Title>
                <Box>
                  <Badge colorPalette={session.isLoggedIn ? 'blue' : 'gray'} variant="subtle">
                    {t(ROLE_LABELS[(session.isLoggedIn && session.role) || 'guest'])}
                  </Badge>
                </Box>
                {session.isLoggedIn && (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {session.email}
                  </Text>
                )}
              </Stack>
            </Drawer.Header>
            <Drawer.Body px="2">
              <Stack as="nav" aria-label={t('common:drawer.menu')} gap="1">
                {items.map((item) => (
                  <Button key={item.to} asChild variant="ghost" justifyContent="flex-start" color="fg" css={LINK_CSS}>
                    <NavLink to={item.to} end={item.to === '/'} onClick={close}>
                      {t(NAV_LABELS[item.id])}
                    </NavLink>
                  </Button>
                ))}
                {session.isLoggedIn && (session.role === 'parent' || session.role === 'tutor') && (
                  <Suspense fallback={null}>
                    <ClassesNavLink
                      button={{ variant: 'ghost', justifyContent: 'flex-start', color: 'fg', css: LINK_CSS }}
                      onNavigate={close}
                    />
                  </Suspense>
                )}
              </Stack>
              <Box px="2" pt="4" mt="2" borderTopWidth="1px" borderColor="border">
                <LanguageSwitch size="sm" />
              </Box>
            </Drawer.Body>
            {session.isLoggedIn && (
              <Drawer.Footer borderTopWidth="1px" borderColor="border">
                <Button
                  variant="outline"
                  width="full"
                  onClick={() => {
                    close()
                    onSignOut()
                  }}
                >
                  <LogOut aria-hidden /> {t('common:header.signOut')}
                </Button>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common:drawer.closeMenu')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

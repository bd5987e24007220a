import { Badge, Box, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react'
import { drawerSlotRecipe } from '@chakra-ui-theme/recipes/drawer'
import { LogOut } from 'lucide-react'
import { NavLink, useLocation } from 'react-router'
import type { Session } from '@/lib/session'
import { roleLabel } from '@/api/types'
import { drawerExtraItems, titleFromPath } from './drawer-nav'
import { desktopNavItems, type NavItem } from './nav'

function uniqueByPath(items: NavItem[]): NavItem[] {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(item.to) ? false : (seen.add(item.to), true)))
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
                <Drawer.Title>{titleFromPath(pathname)}</Drawer.Title>
                <Box>
                  <Badge colorPalette={session.isLoggedIn ? 'blue' : 'gray'} variant="subtle">
                    {roleLabel(session.isLoggedIn ? session.role : null)}
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
              <Stack as="nav" aria-label="Menu" gap="1">
                {items.map((item) => (
                  <Button
                    key={item.to}
                    asChild
                    variant="ghost"
                    justifyContent="flex-start"
                    color="fg"
                    css={{ '&[aria-current=page]': { bg: 'blue.50', color: 'blue.800' } }}
                  >
                    <NavLink to={item.to} end={item.to === '/'} onClick={close}>
                      {item.label}
                    </NavLink>
                  </Button>
                ))}
              </Stack>
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
                  <LogOut aria-hidden /> Sign Out
                </Button>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

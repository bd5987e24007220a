import { Box, Flex, Link } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { NavLink } from 'react-router'
import type { Session } from '@/lib/session'
import { bottomNavItems } from './nav'
import { NavIcon } from './nav-icons'
import { UnreadBadge } from './UnreadBadge'

// Only logged-in people have the Alerts item: its bell and count come with the header's bell (one
// chunk, so the first page load lists one more file, not several).
const AlertsNavIcon = lazy(() =>
  import('@/features/notifications/components/NotificationBell').then((m) => ({ default: m.AlertsNavIcon })),
)

/** Below md: a fixed bottom bar of at most five destinations (SPEC §2). */
export function BottomNav({ session }: { session: Session }) {
  const items = bottomNavItems(session)
  return (
    <Box
      as="nav"
      aria-label="Bottom navigation"
      hideFrom="md"
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      pb="env(safe-area-inset-bottom)"
      data-testid="bottom-nav"
    >
      <Flex as="ul" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <Box as="li" key={item.to} flex="1" minW="0">
            <Link
              asChild
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="0.5"
              position="relative"
              h="16"
              px="0.5"
              fontSize="xs"
              fontWeight="medium"
              color="fg.muted"
              textAlign="center"
              _hover={{ textDecoration: 'none', color: 'blue.700' }}
              css={{ '&[aria-current=page]': { color: 'blue.700', fontWeight: 'bold' } }}
            >
              <NavLink to={item.to} end={item.to === '/'}>
                {item.label === 'Alerts' ? (
                  <Suspense fallback={<Box boxSize="22px" />}>
                    <AlertsNavIcon />
                  </Suspense>
                ) : (
                  <NavIcon label={item.label} />
                )}
                {item.label === 'Messages' && <UnreadBadge floating />}
                {/* Labels wrap only between words ("New / Request"), never inside one ("Dashboar d"):
                    11 px fits the longest word in a fifth of a 320 px screen. */}
                <Box
                  as="span"
                  maxW="full"
                  lineHeight="1.1"
                  lineClamp={2}
                  fontSize="0.6875rem"
                  overflowWrap="normal"
                  wordBreak="keep-all"
                  hyphens="none"
                >
                  {item.label}
                </Box>
              </NavLink>
            </Link>
          </Box>
        ))}
      </Flex>
    </Box>
  )
}

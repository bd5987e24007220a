import { Box, Flex, Link } from '@chakra-ui/react'
import { Suspense } from 'react'
import { useTranslation } from '@/lib/i18n'
import { NavLink } from 'react-router'
import type { Session } from '@/lib/session'
import { lazyWithQueries } from '../lazy-with-queries'
import { bottomNavItems, NAV_LABELS } from './nav'
import { NavIcon } from './nav-icons'
import { UnreadBadge } from './UnreadBadge'

// Only logged-in people have the Alerts item: its bell and count come with the header's bell (one
// chunk, so the first page load lists one more file, not several).
const AlertsNavIcon = lazyWithQueries(async () => {
  const { AlertsNavIcon: Icon } = await import('@/features/notifications/components/NotificationBell')
  return { default: Icon }
})

/** Below md: a fixed bottom bar of at most five destinations (SPEC §2). */
export function BottomNav({ session }: { session: Session }) {
  const { t } = useTranslation()
  const items = bottomNavItems(session)
  return (
    <Box
      as="nav"
      aria-label={t('common:bottomNav.label')}
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
          // Each item is as wide as its label plus an equal share of what is left, so a long label
          // ('Find Students') takes room from short ones ('Alerts') instead of wrapping.
          <Box as="li" key={item.to} flex="1 0 auto">
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
                {item.id === 'alerts' ? (
                  <Suspense fallback={<Box boxSize="22px" />}>
                    <AlertsNavIcon />
                  </Suspense>
                ) : (
                  <NavIcon id={item.id} />
                )}
                {item.id === 'messages' && <UnreadBadge floating />}
                {/* One line, never wrapped (no "Dashboar/d"): at 11 px every role's five labels
                    fit a 320 px screen together, in bold, even in a wide font (DejaVu Sans). */}
                <Box
                  as="span"
                  lineHeight="1.1"
                  fontSize="0.6875rem"
                  whiteSpace="nowrap"
                  // Devanagari's vowel signs reach above and below the line: more room between lines.
                  css={{ '&:lang(hi)': { lineHeight: '1.4' } }}
                >
                  {t(NAV_LABELS[item.id])}
                </Box>
              </NavLink>
            </Link>
          </Box>
        ))}
      </Flex>
    </Box>
  )
}

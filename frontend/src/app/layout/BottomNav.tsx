import { Box, Flex, Link } from '@chakra-ui/react'
import { NavLink } from 'react-router'
import type { Session } from '@/lib/session'
import { bottomNavItems } from './nav'
import { NavIcon } from './nav-icons'
import { UnreadBadge } from './UnreadBadge'

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
              px="1"
              fontSize="xs"
              fontWeight="medium"
              color="fg.muted"
              textAlign="center"
              _hover={{ textDecoration: 'none', color: 'blue.700' }}
              css={{ '&[aria-current=page]': { color: 'blue.700', fontWeight: 'bold' } }}
            >
              <NavLink to={item.to} end={item.to === '/'}>
                <NavIcon label={item.label} />
                {item.label === 'Messages' && <UnreadBadge floating />}
                <Box as="span" maxW="full" lineHeight="1.1" lineClamp={2}>
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

import { Box, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { SupportContacts } from '@/components/support-contacts'
import { APP_NAME, APP_VERSION } from '@/lib/constants'

const LINKS = [
  { label: 'About', to: '/about' },
  { label: 'Features', to: '/features' },
  { label: 'Help & Support', to: '/support' },
  { label: 'Contact Us', to: '/contact-us' },
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cancellations and Refunds', to: '/cancellations-and-refunds' },
]

export function Footer() {
  return (
    <Box as="footer" bg="gray.900" color="gray.200" mt="auto">
      {/* Below md the fixed bottom bar covers the last 4rem of the page: the footer leaves room. */}
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} pt="10" pb={{ base: '26', md: '10' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="2">
            <Text fontWeight="bold" fontSize="lg" color="white">
              {APP_NAME}
            </Text>
            <Text fontSize="sm">Qualified home tutors near you, for personalised learning.</Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <Stack as="ul" listStyleType="none" gap="1.5" m="0" p="0">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link asChild color="gray.200" fontSize="sm">
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          <Box css={{ '& a': { color: 'blue.200' }, '& p': { color: 'gray.300' } }}>
            <Text fontWeight="semibold" color="white" mb="2">
              Support
            </Text>
            <SupportContacts />
          </Box>
        </SimpleGrid>
        <Flex
          mt="8"
          pt="6"
          borderTopWidth="1px"
          borderColor="gray.700"
          justify="space-between"
          fontSize="sm"
          wrap="wrap"
          gap="2"
        >
          <Text>
            © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
          </Text>
          <Text data-testid="app-version">Version {APP_VERSION}</Text>
        </Flex>
      </Box>
    </Box>
  )
}

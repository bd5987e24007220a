import { Box, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { Link as RouterLink } from 'react-router'
import { SupportContacts } from '@/components/support-contacts'
import { APP_NAME, APP_VERSION } from '@/lib/constants'

const LINKS = [
  { label: 'common:titles.about', to: '/about' },
  { label: 'common:titles.features', to: '/features' },
  { label: 'common:titles.helpSupport', to: '/support' },
  { label: 'common:titles.contactUs', to: '/contact-us' },
  { label: 'common:titles.terms', to: '/terms-and-conditions' },
  { label: 'common:titles.privacy', to: '/privacy-policy' },
  { label: 'common:titles.refunds', to: '/cancellations-and-refunds' },
]

export function Footer() {
  const { t } = useTranslation()
  return (
    <Box as="footer" bg="gray.900" color="gray.200" mt="auto">
      {/* Below md the fixed bottom bar covers the last 4rem of the page: the footer leaves room. */}
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} pt="10" pb={{ base: '26', md: '10' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="2">
            <Text fontWeight="bold" fontSize="lg" color="white">
              {APP_NAME}
            </Text>
            <Text fontSize="sm">{t('common:footer.tagline')}</Text>
          </Stack>
          <Box as="nav" aria-label={t('common:footer.nav')}>
            <Stack as="ul" listStyleType="none" gap="1.5" m="0" p="0">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link asChild color="gray.200" fontSize="sm">
                    <RouterLink to={link.to}>{t(link.label)}</RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          <Box css={{ '& a': { color: 'blue.200' }, '& p': { color: 'gray.300' } }}>
            <Text fontWeight="semibold" color="white" mb="2">
              {t('common:footer.support')}
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
          <Text>{t('common:footer.rights', { year: String(new Date().getFullYear()), site: APP_NAME })}</Text>
          <Text data-testid="app-version">{t('common:footer.version', { version: APP_VERSION })}</Text>
        </Flex>
      </Box>
    </Box>
  )
}

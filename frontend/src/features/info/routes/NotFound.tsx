import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { House, LifeBuoy } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { SupportContacts } from '@/components/support-contacts'
import { useTranslation } from '@/lib/i18n'

export default function NotFound() {
  const { t } = useTranslation('info')
  return (
    <Container maxW="2xl" py={{ base: '12', md: '20' }} px="4" textAlign="center">
      <Stack gap="5" align="center">
        <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="extrabold" color="blue.700" lineHeight="1" aria-hidden>
          {'404'}
        </Text>
        <Heading as="h1" size="2xl">
          {t('info:notFound.title')}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {t('info:notFound.text')}
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild size="lg">
            <RouterLink to="/">
              <House aria-hidden /> {t('info:notFound.home')}
            </RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <RouterLink to="/contact-us">
              <LifeBuoy aria-hidden /> {t('info:notFound.contact')}
            </RouterLink>
          </Button>
        </Flex>
        <Stack gap="2" mt="4" align="center">
          <Heading as="h2" size="md">
            {t('info:notFound.help')}
          </Heading>
          <SupportContacts showHours={false} />
        </Stack>
      </Stack>
    </Container>
  )
}

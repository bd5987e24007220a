import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { House, LifeBuoy } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { SupportContacts } from '@/components/support-contacts'

export default function NotFound() {
  return (
    <Container maxW="2xl" py={{ base: '12', md: '20' }} px="4" textAlign="center">
      <Stack gap="5" align="center">
        <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="extrabold" color="blue.700" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          The page you are looking for does not exist or has moved.
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild size="lg">
            <RouterLink to="/">
              <House aria-hidden /> Go Home
            </RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <RouterLink to="/contact-us">
              <LifeBuoy aria-hidden /> Contact Support
            </RouterLink>
          </Button>
        </Flex>
        <Stack gap="2" mt="4" align="center">
          <Heading as="h2" size="md">
            Need help? Contact support
          </Heading>
          <SupportContacts showHours={false} />
        </Stack>
      </Stack>
    </Container>
  )
}

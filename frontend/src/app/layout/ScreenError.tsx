import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { SupportContacts } from '@/components/support-contacts'
import { MESSAGES } from '@/lib/constants'

export function ScreenError({ error }: { error: Error }) {
  return (
    <Container maxW="xl" py="16">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text role="alert">{error.message || MESSAGES.unexpected}</Text>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <SupportContacts />
      </Stack>
    </Container>
  )
}

import { Heading, Stack, Text } from '@chakra-ui/react'
import { Wrench } from 'lucide-react'
import { Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'

/** Shown to everyone but admins while the site is in maintenance mode (and on a 503 "maintenance"). */
export default function Maintenance() {
  return (
    <Stack maxW="xl" mx="auto" px="4" py={{ base: '10', md: '20' }}>
      <Panel textAlign="center">
        <Stack align="center" gap="4">
          <Wrench aria-hidden size={40} color="#1d4ed8" />
          <Heading as="h1" size="2xl">
            We&apos;ll be back soon
          </Heading>
          <Text color="fg.muted">
            HomeTutor is down for scheduled maintenance. Thank you for your patience. For anything urgent, contact our
            support team:
          </Text>
          <SupportContacts />
        </Stack>
      </Panel>
    </Stack>
  )
}

import { Button, Heading, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { Panel } from '@/components/page'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'

/** SPEC §4: a tutor without an active subscription sees this and no request data. */
export function SubscribePrompt({ message }: { message?: string }) {
  return (
    <Panel as="section" aria-labelledby="subscribe-prompt">
      <Heading as="h2" id="subscribe-prompt" size="xl" mb="2">
        Subscribe to find students
      </Heading>
      {message && <Text mb="2">{message}</Text>}
      <Text mb="4">
        An active Tutor Premium subscription (₹{SUBSCRIPTION_PRICE_RUPEES} per year) lets you see tuition requests near
        you, filter them and contact parents.
      </Text>
      <Button asChild>
        <RouterLink to="/subscribe">Subscribe</RouterLink>
      </Button>
    </Panel>
  )
}

import { Badge, Button, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { Link as RouterLink } from 'react-router'
import { Page, Panel } from '@/components/page'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { useSession } from '@/lib/session'

function ParentDashboard() {
  return (
    <Stack gap="6">
      <Panel as="section" aria-labelledby="my-requests">
        <Heading as="h2" id="my-requests" size="xl" mb="2">
          My Tuition Requests
        </Heading>
        <Badge colorPalette="orange" mb="3">
          Coming soon
        </Badge>
        <Text mb="3">Your tuition requests will be listed here. For each request you will be able to:</Text>
        <List.Root recipe={listSlotRecipe} ps="5" gap="1" mb="5">
          <List.Item>expand it to see the Interested Tutors with their contact details;</List.Item>
          <List.Item>edit or delete it;</List.Item>
          <List.Item>open a tutor&apos;s profile, chat with them and leave a review.</List.Item>
        </List.Root>
        <Button asChild>
          <RouterLink to="/request/new">Post a New Request</RouterLink>
        </Button>
      </Panel>
    </Stack>
  )
}

function TutorDashboard({ subscribed }: { subscribed: boolean }) {
  if (!subscribed) {
    return (
      <Panel as="section" aria-labelledby="subscribe-prompt">
        <Heading as="h2" id="subscribe-prompt" size="xl" mb="2">
          Subscribe to find students
        </Heading>
        <Text mb="4">
          An active Tutor Premium subscription (₹{SUBSCRIPTION_PRICE_RUPEES} per year) lets you see tuition requests
          near you, filter them and contact parents.
        </Text>
        <Button asChild>
          <RouterLink to="/subscribe">Subscribe</RouterLink>
        </Button>
      </Panel>
    )
  }
  return (
    <Panel as="section" aria-labelledby="nearby-title">
      <Heading as="h2" id="nearby-title" size="xl" mb="2">
        Nearby Requests
      </Heading>
      <Badge colorPalette="green" mb="3">
        Subscription active
      </Badge>
      <Text mb="4">
        Tuition requests near you, with filters by distance, class and subject, will appear here in a coming release.
      </Text>
      <Button asChild>
        <RouterLink to="/nearby">Find Students</RouterLink>
      </Button>
    </Panel>
  )
}

/** SPEC §2: parents see the parent dashboard; everyone else the tutor dashboard with `subscribed`. */
export default function Dashboard() {
  const { role, user, subscribed } = useSession()
  const name = user?.fullname?.split(' ')[0]
  return (
    <Page
      title="Dashboard"
      subtitle={
        <>
          <span>{name ? `Welcome, ${name}!` : 'Welcome!'}</span>{' '}
          <Link asChild color="blue.700" fontSize="md">
            <RouterLink to="/profile">Edit my profile</RouterLink>
          </Link>
        </>
      }
    >
      {role === 'parent' ? <ParentDashboard /> : <TutorDashboard subscribed={subscribed} />}
    </Page>
  )
}

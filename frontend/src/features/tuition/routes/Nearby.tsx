import { Page } from '@/components/page'
import NearbyRequests from '../components/NearbyRequests'

/** SPEC §2: /nearby, tutors only; without a subscription only the prompt to subscribe. */
export default function Nearby() {
  return (
    <Page title="Nearby Requests" subtitle="Tuition requests posted near you, nearest first." maxW="6xl">
      <NearbyRequests />
    </Page>
  )
}

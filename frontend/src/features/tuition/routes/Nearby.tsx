import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function Nearby() {
  return (
    <PlaceholderScreen
      title="Nearby Requests"
      description="Tuition requests posted near you will be listed here."
      upcoming={[
        'Filters by distance (2 to 25 km), class and subject',
        'Express interest in a request and see the parent’s contact details',
        'Chat with parents directly',
      ]}
    />
  )
}

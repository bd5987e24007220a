import { PlaceholderScreen } from '@/components/placeholder-screen'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'

export default function Subscribe() {
  return (
    <PlaceholderScreen
      title="Tutor Premium"
      description={`Subscribe for ₹${SUBSCRIPTION_PRICE_RUPEES} per year — just ₹1.37 per day — to find students near you.`}
      upcoming={[
        'The Tutor Premium card with its price, the Best Value chip and six benefits',
        'A Subscribe Now button that takes you to secure payment',
        'Your subscription status and validity date once you are subscribed',
      ]}
    />
  )
}

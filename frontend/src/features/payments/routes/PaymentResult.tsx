import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function PaymentResult() {
  return (
    <PlaceholderScreen
      title="Payment"
      description="After paying for your subscription you will land here while we confirm the payment."
      upcoming={[
        'Payment Successful! with the date your subscription is valid until',
        'Or, if verification fails, what happened and how to try again or contact support',
      ]}
    />
  )
}

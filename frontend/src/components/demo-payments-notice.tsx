import { FormAlert } from '@/components/ui/form-alert'
import { useSiteData } from '@/lib/site-store'

export const DEMO_PAYMENTS_NOTICE =
  'Demo payments: this site takes no real money. Subscribing here is free and for trying HomeTutor out.'

/** Told to tutors wherever they subscribe when the server runs with PAYMENT_MODE=simulated. */
export function DemoPaymentsNotice() {
  const site = useSiteData()
  return site?.demoPayments ? <FormAlert status="info" message={DEMO_PAYMENTS_NOTICE} /> : null
}

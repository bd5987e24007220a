import { FormAlert } from '@/components/ui/form-alert'
import { useTranslation } from '@/lib/i18n'
import { useSiteData } from '@/lib/site-store'

/** The English text (tests find the notice by it); readers get the catalogue's `shared:ui.demoPayments`. */
export const DEMO_PAYMENTS_NOTICE =
  'Demo payments: this site takes no real money. Subscribing here is free and for trying HomeTutor out.'

/** Told to tutors wherever they subscribe when the server runs with PAYMENT_MODE=simulated. */
export function DemoPaymentsNotice() {
  const { t } = useTranslation('shared')
  const site = useSiteData()
  return site?.demoPayments ? <FormAlert status="info" message={t('shared:ui.demoPayments')} /> : null
}

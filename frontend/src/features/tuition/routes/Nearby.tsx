import { Page } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import NearbyRequests from '../components/NearbyRequests'

/** SPEC §2: /nearby, tutors only; without a subscription only the prompt to subscribe. */
export default function Nearby() {
  const { t } = useTranslation('tuition')
  return (
    <Page title={t('shared:routes.nearby')} subtitle={t('tuition:sub')} maxW="6xl">
      <NearbyRequests />
    </Page>
  )
}

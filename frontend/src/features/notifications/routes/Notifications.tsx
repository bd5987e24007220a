import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { NotificationList } from '../components/NotificationList'

/** /notifications: the whole list (the phone bar's Alerts and the popover's 'See all'). */
export default function Notifications() {
  const { t } = useTranslation('notifications')
  return (
    <Page title={t('notifications:list.title')} maxW="2xl">
      <Panel p={{ base: '3', md: '6' }}>
        <NotificationList />
      </Panel>
    </Page>
  )
}

import { Page, Panel } from '@/components/page'
import { NotificationList } from '../components/NotificationList'

/** /notifications: the whole list (the phone bar's Alerts and the popover's 'See all'). */
export default function Notifications() {
  return (
    <Page title="Notifications" maxW="2xl">
      <Panel p={{ base: '3', md: '6' }}>
        <NotificationList />
      </Panel>
    </Page>
  )
}

import { Button, SimpleGrid, Tabs, Text } from '@chakra-ui/react'
import { tabsSlotRecipe } from '@chakra-ui-theme/recipes/tabs'
import { lazy, Suspense } from 'react'
import { Page, Panel } from '@/components/page'
import { useOpenChat } from '@/lib/chat-launcher'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'

const Uploader = lazy(() => import('@/components/upload/Uploader').then((m) => ({ default: m.Uploader })))

/** SPEC §2 Features demo: real-time messaging (a self-chat) and file upload. */
export default function FeaturesDemo() {
  const { t } = useTranslation('demo')
  const session = useSession()
  const me = session.user?.id
  const openChat = useOpenChat()
  return (
    <Page title={t('demo:title')}>
      <Panel>
        <Tabs.Root recipe={tabsSlotRecipe} defaultValue="messaging" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="messaging">{t('demo:messaging.tab')}</Tabs.Trigger>
            <Tabs.Trigger value="upload">{t('demo:upload.tab')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="messaging">
            <Text mb="4">{t('demo:messaging.text')}</Text>
            {session.isLoggedIn && me !== undefined ? (
              <Button
                colorPalette="blue"
                onClick={() =>
                  openChat({
                    partner: { id: me, name: t('demo:messaging.yourself') },
                    title: t('demo:messaging.chatTitle'),
                  })
                }
              >
                {t('demo:messaging.open')}
              </Button>
            ) : (
              <Text color="fg.muted">{MESSAGES.chatLoginRequired}</Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="upload">
            <Text mb="4">{t('demo:upload.text')}</Text>
            {session.isLoggedIn ? (
              <Suspense fallback={null}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Uploader mode="single" title={t('demo:upload.single')} />
                  <Uploader mode="multiple" title={t('demo:upload.multiple')} />
                </SimpleGrid>
              </Suspense>
            ) : (
              <Text color="fg.muted">{MESSAGES.uploadLoginRequired}</Text>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </Panel>
    </Page>
  )
}

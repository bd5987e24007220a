import { Button, SimpleGrid, Tabs, Text } from '@chakra-ui/react'
import { tabsSlotRecipe } from '@chakra-ui-theme/recipes/tabs'
import { lazy, Suspense } from 'react'
import { Page, Panel } from '@/components/page'
import { useOpenChat } from '@/lib/chat-launcher'
import { MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'

const Uploader = lazy(() => import('@/components/upload/Uploader').then((m) => ({ default: m.Uploader })))

/** SPEC §2 Features demo: real-time messaging (a self-chat) and file upload. */
export default function FeaturesDemo() {
  const session = useSession()
  const me = session.user?.id
  const openChat = useOpenChat()
  return (
    <Page title="Features">
      <Panel>
        <Tabs.Root recipe={tabsSlotRecipe} defaultValue="messaging" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="messaging">Real-time Messaging</Tabs.Trigger>
            <Tabs.Trigger value="upload">File Upload</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="messaging">
            <Text mb="4">Send messages that arrive instantly, with typing indicators and delivery status.</Text>
            {session.isLoggedIn && me !== undefined ? (
              <Button
                colorPalette="blue"
                onClick={() =>
                  openChat({ partner: { id: me, name: 'yourself' }, title: 'Chat Demo (Self-chat for testing)' })
                }
              >
                Test Chat Feature
              </Button>
            ) : (
              <Text color="fg.muted">{MESSAGES.chatLoginRequired}</Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="upload">
            <Text mb="4">Upload images, PDF and Word documents, one at a time or several at once.</Text>
            {session.isLoggedIn ? (
              <Suspense fallback={null}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Uploader mode="single" title="Single File Upload" />
                  <Uploader mode="multiple" title="Multiple Files Upload" />
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

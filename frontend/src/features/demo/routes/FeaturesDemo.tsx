import { Button, Tabs, Text } from '@chakra-ui/react'
import { tabsSlotRecipe } from '@chakra-ui-theme/recipes/tabs'
import { lazy, Suspense, useState } from 'react'
import { Page, Panel } from '@/components/page'
import { MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'

const ChatDialog = lazy(() => import('@/components/chat/ChatDialog'))

/** SPEC §2 Features demo: real-time messaging (a self-chat) and file upload. */
export default function FeaturesDemo() {
  const session = useSession()
  const me = session.user?.id
  const [open, setOpen] = useState(false)
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
              <Button colorPalette="blue" onClick={() => setOpen(true)}>
                Test Chat Feature
              </Button>
            ) : (
              <Text color="fg.muted">{MESSAGES.chatLoginRequired}</Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="upload">
            <Text color="fg.muted">
              Single and multiple file uploads (images, PDF, .doc/.docx) arrive with the profiles and uploads issue.
            </Text>
          </Tabs.Content>
        </Tabs.Root>
      </Panel>
      {open && me !== undefined && (
        <Suspense fallback={null}>
          <ChatDialog
            me={me}
            partner={{ id: me, name: 'yourself' }}
            title="Chat Demo (Self-chat for testing)"
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Page>
  )
}

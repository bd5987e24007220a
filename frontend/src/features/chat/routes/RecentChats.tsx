import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Page, Panel } from '@/components/page'
import { useOpenChat } from '@/lib/chat-launcher'
import { useSession } from '@/lib/session'
import { useRecentChats } from '../api/recent-chats'
import { PartnerListState, PartnerRowButton, UnreadCount } from '../components/PartnerList'

/** SPEC §2 Recent Chats: partners by e-mail with a red unread badge; a row opens the chat. */
export default function RecentChats() {
  const session = useSession()
  const me = session.user?.id ?? 0
  const openChat = useOpenChat()
  const recent = useRecentChats(me)

  return (
    <Page title="Recent Chats">
      <Panel>
        <PartnerListState
          query={recent}
          loadingLabel="Loading chats"
          empty={<Text color="fg.muted">No recent chats yet.</Text>}
        >
          {(rows) => (
            <Stack as="ul" listStyleType="none" gap="1" aria-label="Recent chats">
              {rows.map((u) => (
                <Box as="li" key={u.id}>
                  <PartnerRowButton bordered onClick={() => openChat({ partner: { id: u.id, name: u.email } })}>
                    <HStack justify="space-between" gap="2">
                      <Text truncate>{u.email}</Text>
                      <UnreadCount count={u.unread} testId="chat-unread" />
                    </HStack>
                  </PartnerRowButton>
                </Box>
              ))}
            </Stack>
          )}
        </PartnerListState>
      </Panel>
    </Page>
  )
}

import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { recentChatsQueryKey } from '@/api/query-keys'
import { Page, Panel } from '@/components/page'
import { MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'
import { PartnerListState, PartnerRowButton, UnreadCount, useChatDialog } from '../components/PartnerList'

/** SPEC §2 Recent Chats: partners by e-mail with a red unread badge; a row opens the chat. */
export default function RecentChats() {
  const session = useSession()
  const me = session.user?.id ?? 0
  const chat = useChatDialog(me)
  const recent = useQuery({
    queryKey: [...recentChatsQueryKey, me],
    queryFn: () =>
      request(
        api.GET('/chat/{userId}', { params: { path: { userId: me }, query: { recent: '1' } } }),
        MESSAGES.loadMessagesFailed,
      ),
    enabled: me > 0,
  })

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
                  <PartnerRowButton bordered onClick={() => chat.open({ id: u.id, name: u.email })}>
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
      {chat.dialog}
    </Page>
  )
}

import { Box, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { api, request } from '@/api/client'
import { recentChatsQueryKey } from '@/api/query-keys'
import type { ChatPartner } from '@/components/chat/ChatDialog'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'
import { badgeText } from '@/lib/unread'

const ChatDialog = lazy(() => import('@/components/chat/ChatDialog'))

/** SPEC §2 Recent Chats: partners by e-mail with a red unread badge; a row opens the chat. */
export default function RecentChats() {
  const session = useSession()
  const me = session.user?.id ?? 0
  const [partner, setPartner] = useState<ChatPartner | null>(null)
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
        {recent.isPending ? (
          <Flex justify="center" py="10" role="status" aria-label="Loading chats">
            <Spinner size="lg" color="blue.600" />
          </Flex>
        ) : recent.isError ? (
          <FormAlert status="error" message={recent.error.message || MESSAGES.loadMessagesFailed} />
        ) : recent.data.length === 0 ? (
          <Text color="fg.muted">No recent chats yet.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="1" aria-label="Recent chats">
            {recent.data.map((u) => (
              <Box as="li" key={u.id}>
                <Box
                  as="button"
                  w="full"
                  textAlign="start"
                  p="3"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="md"
                  _hover={{ bg: 'blue.50' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
                  onClick={() => setPartner({ id: u.id, name: u.email })}
                >
                  <HStack justify="space-between" gap="2">
                    <Text truncate>{u.email}</Text>
                    {u.unread > 0 && (
                      <Box
                        as="span"
                        bg="red.700"
                        color="white"
                        borderRadius="full"
                        fontSize="xs"
                        px="2"
                        fontWeight="bold"
                        data-testid="chat-unread"
                      >
                        {badgeText(u.unread)}
                        <Box as="span" srOnly>
                          {' '}
                          unread
                        </Box>
                      </Box>
                    )}
                  </HStack>
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </Panel>
      {partner && (
        <Suspense fallback={null}>
          <ChatDialog me={me} partner={partner} onClose={() => setPartner(null)} />
        </Suspense>
      )}
    </Page>
  )
}

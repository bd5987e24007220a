import { Avatar, Box, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { avatarSlotRecipe } from '@chakra-ui-theme/recipes/avatar'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { api, request } from '@/api/client'
import { conversationsQueryKey } from '@/api/query-keys'
import type { ChatPartner } from '@/components/chat/ChatDialog'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'
import { badgeText } from '@/lib/unread'

const ChatDialog = lazy(() => import('@/components/chat/ChatDialog'))

function formatDate(iso: string) {
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** SPEC §2 Messages: the conversations, most recent first; a row opens the chat dialog. */
export default function Messages() {
  const session = useSession()
  const me = session.user?.id ?? 0
  const [partner, setPartner] = useState<ChatPartner | null>(null)
  const conversations = useQuery({
    queryKey: conversationsQueryKey,
    queryFn: () => request(api.GET('/messages/conversations'), MESSAGES.loadMessagesFailed),
  })

  return (
    <Page title="Messages">
      <Panel>
        {conversations.isPending ? (
          <Flex justify="center" py="10" role="status" aria-label="Loading conversations">
            <Spinner size="lg" color="blue.600" />
          </Flex>
        ) : conversations.isError ? (
          <FormAlert status="error" message={conversations.error.message || MESSAGES.loadMessagesFailed} />
        ) : conversations.data.length === 0 ? (
          <Box textAlign="center" py="10">
            <Text fontSize="lg" fontWeight="semibold">
              No conversations yet
            </Text>
            <Text color="fg.muted" mt="2">
              Start a conversation by contacting a tutor or responding to a tuition request.
            </Text>
          </Box>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Conversations">
            {conversations.data.map((c) => (
              <Box
                as="li"
                key={c.partner.id}
                borderBottomWidth="1px"
                borderColor="border"
                _last={{ borderBottomWidth: 0 }}
              >
                <Box
                  as="button"
                  w="full"
                  textAlign="start"
                  p="3"
                  borderRadius="md"
                  _hover={{ bg: 'blue.50' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
                  onClick={() => setPartner({ id: c.partner.id, name: c.partner.name || c.partner.email })}
                >
                  <HStack gap="3" align="flex-start">
                    <Avatar.Root recipe={avatarSlotRecipe} colorPalette="blue" size="md" aria-hidden>
                      <Avatar.Fallback>
                        {(c.partner.name || c.partner.email || '?').charAt(0).toUpperCase()}
                      </Avatar.Fallback>
                    </Avatar.Root>
                    <Box flex="1" minW="0">
                      <HStack justify="space-between" gap="2">
                        <Text fontWeight="semibold" truncate>
                          {c.partner.name || c.partner.email}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                          {formatDate(c.lastMessage.createdAt)}
                        </Text>
                      </HStack>
                      <HStack justify="space-between" gap="2">
                        <Text color="fg" truncate>
                          {c.lastMessage.text}
                        </Text>
                        {c.unread > 0 && (
                          <Box
                            as="span"
                            bg="red.700"
                            color="white"
                            borderRadius="full"
                            fontSize="xs"
                            px="2"
                            fontWeight="bold"
                          >
                            {badgeText(c.unread)}
                            <Box as="span" srOnly>
                              {' '}
                              unread
                            </Box>
                          </Box>
                        )}
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" truncate>
                        {c.partner.email}
                      </Text>
                    </Box>
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

import { Avatar, Box, HStack, Stack, Text } from '@chakra-ui/react'
import { avatarSlotRecipe } from '@chakra-ui-theme/recipes/avatar'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { Page, Panel } from '@/components/page'
import { useOpenChat } from '@/lib/chat-launcher'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useConversations } from '../api/conversations'
import { partnerName } from '../api/partner-name'
import { PartnerListState, PartnerRowButton, UnreadCount } from '../components/PartnerList'

type Conversations = ReturnType<typeof useConversations>['data']

/** The date of a conversation's last message; nothing when it has none. */
function conversationDate(value: string | null | undefined): string {
  return formatDate(value, 'short', '')
}

/**
 * `/messages?with={userId}` (a notification's link, a profile's Message button) opens that
 * conversation once the list has loaded; the parameter is then dropped, so closing the dialog stays closed.
 */
function useOpenWithParam(rows: Conversations, openChat: ReturnType<typeof useOpenChat>) {
  const { t } = useTranslation('chat')
  const [params, setParams] = useSearchParams()
  const withId = Number(params.get('with')) || null
  const handled = useRef<number | null>(null)
  useEffect(() => {
    if (withId === null || rows === undefined || handled.current === withId) return
    handled.current = withId
    const open = (name: string) => {
      openChat({ partner: { id: withId, name } })
      setParams(
        (p) => {
          p.delete('with')
          return p
        },
        { replace: true },
      )
    }
    const known = rows.find((c) => c.partner.id === withId)
    if (known) open(known.partner.name || known.partner.email || '')
    else void partnerName(withId).then((name) => open(name ?? t('chat:inbox.someone')))
  }, [withId, rows, openChat, setParams, t])
}

/**
 * SPEC §2 Messages, and Recent Chats at /chats: one inbox. Each conversation, most recent first, with the
 * partner's name, last message, date, unread count and e-mail; a row opens the chat dialog titled by name.
 */
export default function Messages() {
  const { t } = useTranslation('chat')
  const openChat = useOpenChat()
  const conversations = useConversations()
  useOpenWithParam(conversations.data, openChat)

  return (
    <Page title={t('chat:inbox.title')}>
      <Panel>
        <PartnerListState
          query={conversations}
          loadingLabel={t('chat:inbox.loading')}
          empty={
            <Box textAlign="center" py="10">
              <Text fontSize="lg" fontWeight="semibold">
                {t('chat:inbox.emptyTitle')}
              </Text>
              <Text color="fg.muted" mt="2">
                {t('chat:inbox.emptyText')}
              </Text>
            </Box>
          }
        >
          {(rows) => (
            <Stack as="ul" listStyleType="none" gap="0" aria-label={t('chat:inbox.list')}>
              {rows.map((c) => {
                const name = c.partner.name || c.partner.email || ''
                return (
                  <Box
                    as="li"
                    key={c.partner.id}
                    borderBottomWidth="1px"
                    borderColor="border"
                    _last={{ borderBottomWidth: 0 }}
                  >
                    <PartnerRowButton onClick={() => openChat({ partner: { id: c.partner.id, name } })}>
                      <HStack gap="3" align="flex-start">
                        <Avatar.Root recipe={avatarSlotRecipe} colorPalette="blue" size="md" aria-hidden>
                          <Avatar.Fallback>{(name || '?').charAt(0).toUpperCase()}</Avatar.Fallback>
                        </Avatar.Root>
                        <Box flex="1" minW="0">
                          <HStack justify="space-between" gap="2">
                            <Text fontWeight="semibold" truncate>
                              {name}
                            </Text>
                            <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                              {conversationDate(c.lastMessage.createdAt)}
                            </Text>
                          </HStack>
                          <HStack justify="space-between" gap="2">
                            <Text color="fg" truncate>
                              {c.lastMessage.text}
                            </Text>
                            <UnreadCount count={c.unread} testId="chat-unread" />
                          </HStack>
                          {c.partner.email && (
                            <Text fontSize="sm" color="fg.muted" truncate>
                              {c.partner.email}
                            </Text>
                          )}
                        </Box>
                      </HStack>
                    </PartnerRowButton>
                  </Box>
                )
              })}
            </Stack>
          )}
        </PartnerListState>
      </Panel>
    </Page>
  )
}

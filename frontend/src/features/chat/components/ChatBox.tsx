import { Box, Button, Flex, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { ReportButton } from '@/components/moderation/ReportButton'
import { FormAlert } from '@/components/ui/form-alert'
import { CHAT_BOX_HEIGHT_PX, CHAT_INPUT_ROWS, CHAT_MAX_CHARS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { formatTime } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useChat, useChatStatus } from '../hooks/use-chat'
import { chatSocket } from '../lib/chat-socket'
import type { ChatItem } from '../lib/chat-state'

export interface ChatBoxProps {
  me: number
  partnerId: number
  partnerName: string
  requestId?: number
}

/** SPEC §2 chat box: 500 px message log, an input up to 3 rows, live over the socket. */
export function ChatBox({ me, partnerId, partnerName, requestId }: ChatBoxProps) {
  const { t } = useTranslation('chat')
  const { history, state, send, retry, changeDraft, stopTyping } = useChat({ me, partnerId, requestId })
  const { items, partnerTyping } = state
  const logRef = useRef<HTMLDivElement>(null)

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [items, partnerTyping])

  return (
    <Stack gap="3" h="full" minH="0">
      <ConnectionStatus />
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('chat:box.log', { name: partnerName })}
        tabIndex={0}
        h={`${CHAT_BOX_HEIGHT_PX}px`}
        flexShrink={1}
        minH="32"
        overflowY="auto"
        borderWidth="1px"
        borderColor="border"
        borderRadius="md"
        p="3"
        bg="gray.50"
        data-testid="chat-log"
      >
        {history.isPending ? (
          <Flex justify="center" py="6">
            <Spinner color="blue.600" aria-label={t('chat:box.loading')} />
          </Flex>
        ) : history.isError ? (
          <Text color="red.700">{history.error.message || MESSAGES.loadMessagesFailed}</Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted">{t('chat:box.empty')}</Text>
        ) : null}
        <Stack gap="2">
          {items.map((item) => (
            <MessageBubble key={item.key} item={item} onRetry={() => retry(item)} />
          ))}
        </Stack>
        {partnerTyping && (
          <Text fontSize="sm" color="fg.muted" mt="2" fontStyle="italic">
            {t('chat:box.typing', { name: partnerName })}
          </Text>
        )}
      </Box>
      <FormAlert status="error" message={state.error} />
      <Composer draft={state.draft} onChange={changeDraft} onSend={send} onBlur={stopTyping} />
    </Stack>
  )
}

/** Nothing while connected; "Connecting…"/"Reconnecting…" meanwhile; a Reconnect button once it gave up. */
function ConnectionStatus() {
  const { t } = useTranslation('chat')
  const status = useChatStatus()
  if (status === 'open') return null
  if (status === 'failed') {
    return (
      <HStack bg="red.50" p="2" borderRadius="md" justify="space-between">
        <Text fontSize="sm" color="red.800">
          {t('chat:connection.disconnected')}
        </Text>
        <Button size="xs" variant="outline" onClick={() => chatSocket.reconnect()}>
          {t('chat:connection.reconnect')}
        </Button>
      </HStack>
    )
  }
  return (
    <Text fontSize="sm" color="fg.muted" role="status">
      {status === 'reconnecting' ? t('chat:connection.reconnecting') : t('chat:connection.connecting')}
    </Text>
  )
}

function MessageBubble({ item, onRetry }: { item: ChatItem; onRetry: () => void }) {
  const { t } = useTranslation('chat')
  return (
    <Flex justify={item.fromMe ? 'flex-end' : 'flex-start'}>
      <Box
        maxW="80%"
        px="3"
        py="2"
        borderRadius="lg"
        bg={item.fromMe ? 'blue.700' : 'white'}
        color={item.fromMe ? 'white' : 'fg'}
        borderWidth={item.fromMe ? '0' : '1px'}
        borderColor="border"
        data-testid="chat-message"
      >
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {item.text}
        </Text>
        <HStack gap="2" justify="flex-end" fontSize="xs" color={item.fromMe ? 'blue.50' : 'fg.muted'}>
          <span>{formatTime(item.createdAt)}</span>
          {!item.fromMe && item.id !== undefined && (
            <ReportButton subject={{ target: 'message', targetId: item.id }} size="xs" />
          )}
          {item.fromMe && item.state === 'sending' && <span>{t('chat:message.sending')}</span>}
          {item.fromMe && item.state === 'sent' && <span>{t('chat:message.sent')}</span>}
          {item.fromMe && item.state === 'failed' && (
            <>
              <span>{t('chat:message.failed')}</span>
              <Button
                size="2xs"
                variant="solid"
                bg="white"
                color="red.800"
                onClick={onRetry}
                aria-label={t('chat:message.retryLabel', { text: item.text.slice(0, 40) })}
              >
                {t('chat:message.retry')}
              </Button>
            </>
          )}
        </HStack>
      </Box>
    </Flex>
  )
}

interface ComposerProps {
  draft: string
  onChange: (draft: string) => void
  onSend: () => void
  onBlur: () => void
}

/** Enter sends; Shift+Enter (or an IME composition) keeps typing. */
function Composer({ draft, onChange, onSend, onBlur }: ComposerProps) {
  const { t } = useTranslation('chat')
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      onSend()
    }
  }
  return (
    <HStack align="flex-end">
      <Textarea
        recipe={textareaRecipe}
        aria-label={t('chat:box.input')}
        placeholder={t('chat:box.placeholder')}
        title={t('chat:box.hint')}
        rows={1}
        autoresize
        maxH={`calc(${CHAT_INPUT_ROWS}lh + 1rem)`}
        value={draft}
        maxLength={CHAT_MAX_CHARS}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        resize="none"
      />
      <Button onClick={onSend} colorPalette="blue">
        {t('chat:box.send')}
      </Button>
    </HStack>
  )
}

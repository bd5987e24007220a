import { Box, Button, Flex, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { FormAlert } from '@/components/ui/form-alert'
import {
  CHAT_ACK_TIMEOUT_MS,
  CHAT_BOX_HEIGHT_PX,
  CHAT_INPUT_ROWS,
  CHAT_MAX_CHARS,
  CHAT_TYPING_IDLE_MS,
  MESSAGES,
} from '@/lib/constants'
import { formatTime } from '@/lib/format'
import { useChatHistory } from '../api/history'
import { useMarkRead } from '../api/mark-read'
import { chatSocket, type ChatEvent, type ChatMessage } from '../lib/chat-socket'

type SendState = 'sending' | 'sent' | 'failed'

interface Item {
  key: string
  id?: number
  seq?: number
  clientId?: string | null
  fromMe: boolean
  text: string
  createdAt?: string
  state?: SendState
}

function fromDto(m: ChatMessage, me: number, state?: SendState): Item {
  return {
    key: `m${m.id}`,
    id: m.id,
    seq: m.seq,
    clientId: m.clientId,
    fromMe: m.from.id === me,
    text: m.text,
    createdAt: m.createdAt,
    state,
  }
}

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`
}

/** Merges a stored message: replaces a pending one with the same clientId, ignores a known id. */
export function mergeMessage(items: Item[], m: ChatMessage, me: number): Item[] {
  if (items.some((i) => i.id === m.id)) return items
  const pending = m.clientId ? items.findIndex((i) => i.clientId === m.clientId) : -1
  const item = fromDto(m, me, m.from.id === me ? 'sent' : undefined)
  if (pending >= 0) return items.map((i, n) => (n === pending ? item : i))
  return [...items, item]
}

function belongs(m: ChatMessage, me: number, partner: number) {
  return (m.from.id === partner && m.to === me) || (m.from.id === me && m.to === partner)
}

function useChatStatus() {
  return useSyncExternalStore(chatSocket.subscribeStatus, chatSocket.getStatus)
}

export interface ChatBoxProps {
  me: number
  partnerId: number
  partnerName: string
  requestId?: number
}

/** SPEC §2 chat box: 500 px message log, an input up to 3 rows, live over the socket. */
export function ChatBox({ me, partnerId, partnerName, requestId }: ChatBoxProps) {
  const status = useChatStatus()
  const history = useChatHistory(partnerId)
  const { mutate: markRead } = useMarkRead()
  const [items, setItems] = useState<Item[]>([])
  const [mergedHistory, setMergedHistory] = useState<ChatMessage[] | undefined>(undefined)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [partnerTyping, setPartnerTyping] = useState(false)
  const logRef = useRef<HTMLDivElement>(null)
  const itemsRef = useRef(items)
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const typingSent = useRef(false)

  // The history merges into what is shown once, as it arrives (oldest → newest); live messages
  // merge in deduped by id. Done while rendering, so the first paint with the history shows it.
  if (history.data && history.data !== mergedHistory) {
    const loaded = history.data
    setMergedHistory(loaded)
    setItems((current) => loaded.reduce((acc, m) => mergeMessage(acc, m, me), current))
  }
  useEffect(() => {
    itemsRef.current = items
  }, [items])

  const read = useCallback(() => markRead(partnerId), [markRead, partnerId])

  useEffect(() => {
    read()
  }, [read])

  const markFailed = useCallback((clientId: string) => {
    clearTimeout(ackTimers.current.get(clientId))
    ackTimers.current.delete(clientId)
    setItems((current) =>
      current.map((i) => (i.clientId === clientId && i.state === 'sending' ? { ...i, state: 'failed' } : i)),
    )
  }, [])

  useEffect(() => {
    const off = chatSocket.on((frame: ChatEvent) => {
      if (frame.event === 'newMessage') {
        if (!belongs(frame.data, me, partnerId)) return
        if (frame.data.clientId) {
          clearTimeout(ackTimers.current.get(frame.data.clientId))
          ackTimers.current.delete(frame.data.clientId)
        }
        setItems((current) => mergeMessage(current, frame.data, me))
        if (frame.data.from.id === partnerId) {
          setPartnerTyping(false)
          read()
        }
      } else if (frame.event === 'ack') {
        const { clientId, id, seq } = frame.data
        // Every ack carries the clientId its sendMessage had (MessageDto makes it optional).
        if (!clientId) return
        clearTimeout(ackTimers.current.get(clientId))
        ackTimers.current.delete(clientId)
        setItems((current) => {
          if (current.some((i) => i.id === id)) {
            return current.filter((i) => !(i.clientId === clientId && i.id === undefined))
          }
          return current.map((i) => (i.clientId === clientId ? { ...i, id, seq, state: 'sent' } : i))
        })
      } else if (frame.event === 'userTyping') {
        if (frame.data.userId === partnerId && partnerId !== me) setPartnerTyping(frame.data.isTyping)
      } else if (frame.event === 'error') {
        if (frame.data.clientId) markFailed(frame.data.clientId)
        setError(frame.data.message)
      }
    })
    const timers = ackTimers.current
    return () => {
      off()
      timers.forEach((t) => clearTimeout(t))
      timers.clear()
    }
  }, [me, partnerId, read, markFailed])

  // Join once the history is in, with the last seq shown (and again after every reconnect, by the
  // socket). The history is merged into the items by then, and itemsRef follows them.
  const historyLoaded = history.isSuccess
  useEffect(() => {
    if (!historyLoaded) return
    const lastSeq = () => itemsRef.current.reduce((max, i) => Math.max(max, i.seq ?? 0), 0)
    return chatSocket.join(partnerId, lastSeq)
  }, [historyLoaded, partnerId])

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [items, partnerTyping])

  function transmit(clientId: string, body: string): boolean {
    const sent = chatSocket.send('sendMessage', {
      to: partnerId,
      text: body,
      clientId,
      ...(requestId ? { requestId } : {}),
    })
    if (!sent) return false
    clearTimeout(ackTimers.current.get(clientId))
    ackTimers.current.set(
      clientId,
      setTimeout(() => markFailed(clientId), CHAT_ACK_TIMEOUT_MS),
    )
    return true
  }

  function stopTyping() {
    clearTimeout(typingTimer.current)
    if (typingSent.current) {
      typingSent.current = false
      chatSocket.send('typing', { to: partnerId, isTyping: false })
    }
  }

  function send() {
    const body = text.trim()
    if (!body) {
      setError(MESSAGES.messageEmpty)
      return
    }
    if (!chatSocket.isOpen()) {
      setError(MESSAGES.chatNotReady)
      return
    }
    const clientId = newClientId()
    setError(null)
    setItems((current) => [
      ...current,
      {
        key: `c${clientId}`,
        clientId,
        fromMe: true,
        text: body,
        createdAt: new Date().toISOString(),
        state: 'sending',
      },
    ])
    setText('')
    stopTyping()
    if (!transmit(clientId, body)) markFailed(clientId)
  }

  function retry(item: Item) {
    if (!item.clientId) return
    if (!chatSocket.isOpen()) {
      setError(MESSAGES.chatNotReady)
      return
    }
    setError(null)
    const clientId = item.clientId
    setItems((current) => current.map((i) => (i.clientId === clientId ? { ...i, state: 'sending' } : i)))
    if (!transmit(clientId, item.text)) markFailed(clientId)
  }

  function onChange(value: string) {
    setText(value)
    if (error) setError(null)
    if (!typingSent.current && value.trim()) {
      typingSent.current = chatSocket.send('typing', { to: partnerId, isTyping: true })
    }
    clearTimeout(typingTimer.current)
    typingTimer.current = setTimeout(stopTyping, CHAT_TYPING_IDLE_MS)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  return (
    <Stack gap="3" h="full" minH="0">
      {status === 'failed' ? (
        <HStack bg="red.50" p="2" borderRadius="md" justify="space-between">
          <Text fontSize="sm" color="red.800">
            Chat is disconnected.
          </Text>
          <Button size="xs" variant="outline" onClick={() => chatSocket.reconnect()}>
            Reconnect
          </Button>
        </HStack>
      ) : status !== 'open' ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
        </Text>
      ) : null}
      <Box
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${partnerName}`}
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
            <Spinner color="blue.600" aria-label="Loading messages" />
          </Flex>
        ) : history.isError ? (
          <Text color="red.700">{history.error.message || MESSAGES.loadMessagesFailed}</Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted">No messages yet. Say hello!</Text>
        ) : null}
        <Stack gap="2">
          {items.map((item) => (
            <Flex key={item.key} justify={item.fromMe ? 'flex-end' : 'flex-start'}>
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
                  {item.fromMe && item.state === 'sending' && <span>Sending…</span>}
                  {item.fromMe && item.state === 'sent' && <span>Sent</span>}
                  {item.fromMe && item.state === 'failed' && (
                    <>
                      <span>Failed</span>
                      <Button
                        size="2xs"
                        variant="solid"
                        bg="white"
                        color="red.800"
                        onClick={() => retry(item)}
                        aria-label={`Retry sending: ${item.text.slice(0, 40)}`}
                      >
                        Retry
                      </Button>
                    </>
                  )}
                </HStack>
              </Box>
            </Flex>
          ))}
        </Stack>
        {partnerTyping && (
          <Text fontSize="sm" color="fg.muted" mt="2" fontStyle="italic">
            {partnerName} is typing…
          </Text>
        )}
      </Box>
      <FormAlert status="error" message={error} />
      <HStack align="flex-end">
        <Textarea
          recipe={textareaRecipe}
          aria-label="Message"
          placeholder="Type a message…"
          title="Enter sends; Shift+Enter starts a new line"
          rows={1}
          autoresize
          maxH={`calc(${CHAT_INPUT_ROWS}lh + 1rem)`}
          value={text}
          maxLength={CHAT_MAX_CHARS}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
          resize="none"
        />
        <Button onClick={send} colorPalette="blue">
          Send
        </Button>
      </HStack>
    </Stack>
  )
}

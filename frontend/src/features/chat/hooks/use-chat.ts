import { useCallback, useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react'
import { CHAT_ACK_TIMEOUT_MS, CHAT_TYPING_IDLE_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { useChatHistory } from '../api/history'
import { useMarkRead } from '../api/mark-read'
import { chatSocket, type ChatEvent } from '../lib/chat-socket'
import { belongsTo, chatReducer, initialChatState, lastSeq, sendRefusal, type ChatItem } from '../lib/chat-state'

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`
}

/** Gives up on a message whose ack does not come in time (the socket resends nothing by itself). */
function useAckTimers(onTimeout: (clientId: string) => void) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  return useMemo(() => {
    const map = timers.current
    const clear = (clientId: string) => {
      clearTimeout(map.get(clientId))
      map.delete(clientId)
    }
    const start = (clientId: string) => {
      clear(clientId)
      map.set(
        clientId,
        setTimeout(() => onTimeout(clientId), CHAT_ACK_TIMEOUT_MS),
      )
    }
    const clearAll = () => {
      map.forEach((t) => clearTimeout(t))
      map.clear()
    }
    return { start, clear, clearAll }
  }, [onTimeout])
}

/** Tells the partner "typing" on the first keystroke and "stopped" after a pause, a send or a blur. */
function useTypingSignal(partnerId: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const sent = useRef(false)
  const stop = useCallback(() => {
    clearTimeout(timer.current)
    if (sent.current) {
      sent.current = false
      chatSocket.send('typing', { to: partnerId, isTyping: false })
    }
  }, [partnerId])
  const typed = useCallback(
    (draft: string) => {
      if (!sent.current && draft.trim()) sent.current = chatSocket.send('typing', { to: partnerId, isTyping: true })
      clearTimeout(timer.current)
      timer.current = setTimeout(stop, CHAT_TYPING_IDLE_MS)
    },
    [partnerId, stop],
  )
  return { typed, stop }
}

export function useChatStatus() {
  return useSyncExternalStore(chatSocket.subscribeStatus, chatSocket.getStatus)
}

export interface UseChatOptions {
  me: number
  partnerId: number
  requestId?: number
}

/** One conversation of the chat box, live over the socket: its state (see chat-state.ts) and the user's actions. */
export function useChat({ me, partnerId, requestId }: UseChatOptions) {
  const history = useChatHistory(partnerId)
  const { mutate: markRead } = useMarkRead()
  const [state, dispatch] = useReducer(chatReducer, initialChatState)
  const stateRef = useRef(state)

  // The history merges into what is shown once, as it arrives; done while rendering, so the first paint
  // with the history shows it.
  if (history.data && history.data !== state.history) {
    dispatch({ type: 'historyLoaded', messages: history.data, conversation: { me, partnerId } })
  }
  useEffect(() => {
    stateRef.current = state
  }, [state])

  const read = useCallback(() => markRead(partnerId), [markRead, partnerId])
  useEffect(() => {
    read()
  }, [read])

  const fail = useCallback((clientId: string) => dispatch({ type: 'failed', clientId }), [])
  const ackTimers = useAckTimers(fail)
  const typing = useTypingSignal(partnerId)

  useEffect(() => {
    const conversation = { me, partnerId }
    const off = chatSocket.on((frame: ChatEvent) => {
      if (frame.event === 'newMessage') {
        if (!belongsTo(conversation, frame.data)) return
        if (frame.data.clientId) ackTimers.clear(frame.data.clientId)
        dispatch({ type: 'received', message: frame.data, conversation })
        if (frame.data.from.id === partnerId) read()
      } else if (frame.event === 'ack') {
        const { clientId, id, seq } = frame.data
        // Every ack carries the clientId its sendMessage had (MessageDto makes it optional).
        if (!clientId) return
        ackTimers.clear(clientId)
        dispatch({ type: 'acked', clientId, id, seq })
      } else if (frame.event === 'userTyping') {
        dispatch({ type: 'partnerTyping', userId: frame.data.userId, isTyping: frame.data.isTyping, conversation })
      } else if (frame.event === 'error') {
        if (frame.data.clientId) ackTimers.clear(frame.data.clientId)
        dispatch({ type: 'refusedByServer', message: frame.data.message, clientId: frame.data.clientId })
      }
    })
    return () => {
      off()
      ackTimers.clearAll()
    }
  }, [me, partnerId, read, ackTimers])

  // Join once the history is in, with the last seq shown (and again after every reconnect, by the socket).
  const historyLoaded = history.isSuccess
  useEffect(() => {
    if (!historyLoaded) return
    return chatSocket.join(partnerId, () => lastSeq(stateRef.current))
  }, [historyLoaded, partnerId])

  function transmit(clientId: string, text: string) {
    const sent = chatSocket.send('sendMessage', { to: partnerId, text, clientId, ...(requestId ? { requestId } : {}) })
    if (sent) return ackTimers.start(clientId)
    ackTimers.clear(clientId)
    fail(clientId)
  }

  function send() {
    const refusal = sendRefusal(state.draft, chatSocket.isOpen())
    if (refusal) return dispatch({ type: 'refused', message: refusal })
    const clientId = newClientId()
    const text = state.draft.trim()
    dispatch({ type: 'sending', clientId, text, createdAt: new Date().toISOString() })
    typing.stop()
    transmit(clientId, text)
  }

  function retry(item: ChatItem) {
    if (!item.clientId) return
    if (!chatSocket.isOpen()) return dispatch({ type: 'refused', message: MESSAGES.chatNotReady })
    dispatch({ type: 'retrying', clientId: item.clientId })
    transmit(item.clientId, item.text)
  }

  function changeDraft(draft: string) {
    dispatch({ type: 'draftChanged', draft })
    typing.typed(draft)
  }

  return { history, state, send, retry, changeDraft, stopTyping: typing.stop }
}

import { MESSAGES } from '@/lib/messages'
import type { ChatMessage } from './chat-socket'

/**
 * What the chat box shows, as a pure state machine: the messages (stored ones and the user's pending ones),
 * the draft, the error line and the partner's typing indicator. The hook `useChat` feeds it the history,
 * the socket's frames and the user's actions; the socket itself and the ack timers stay in the hook.
 */

export type SendState = 'sending' | 'sent' | 'failed'

export interface ChatItem {
  key: string
  id?: number
  seq?: number
  clientId?: string | null
  fromMe: boolean
  text: string
  createdAt?: string
  state?: SendState
}

/** Who talks: the chat box's props, which may change while it stays mounted. */
export interface Conversation {
  me: number
  partnerId: number
}

export interface ChatState {
  items: ChatItem[]
  /** The history last merged, so that a refetch merges once more and a re-render does not. */
  history?: ChatMessage[]
  draft: string
  error: string | null
  partnerTyping: boolean
}

export type ChatAction =
  | { type: 'historyLoaded'; messages: ChatMessage[]; conversation: Conversation }
  | { type: 'received'; message: ChatMessage; conversation: Conversation }
  | { type: 'acked'; clientId: string; id: number; seq?: number }
  | { type: 'partnerTyping'; userId: number; isTyping: boolean; conversation: Conversation }
  | { type: 'refusedByServer'; message: string; clientId?: string | null }
  /** No ack came in time, or the socket would not take the frame. */
  | { type: 'failed'; clientId: string }
  | { type: 'draftChanged'; draft: string }
  /** The user's send or retry was refused before reaching the socket (empty, not connected). */
  | { type: 'refused'; message: string }
  | { type: 'sending'; clientId: string; text: string; createdAt: string }
  | { type: 'retrying'; clientId: string }

export const initialChatState: ChatState = { items: [], draft: '', error: null, partnerTyping: false }

function fromDto(m: ChatMessage, me: number, state?: SendState): ChatItem {
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

/** Merges a stored message: replaces a pending one with the same clientId, ignores a known id. */
export function mergeMessage(items: ChatItem[], m: ChatMessage, me: number): ChatItem[] {
  if (items.some((i) => i.id === m.id)) return items
  const pending = m.clientId ? items.findIndex((i) => i.clientId === m.clientId) : -1
  const item = fromDto(m, me, m.from.id === me ? 'sent' : undefined)
  if (pending >= 0) return items.map((i, n) => (n === pending ? item : i))
  return [...items, item]
}

/** Whether a message of the socket is one of this conversation's. */
export function belongsTo({ me, partnerId }: Conversation, m: ChatMessage): boolean {
  return (m.from.id === partnerId && m.to === me) || (m.from.id === me && m.to === partnerId)
}

/** The last sequence number shown: a (re)join asks the server for what came after it. */
export function lastSeq(state: Pick<ChatState, 'items'>): number {
  return state.items.reduce((max, i) => Math.max(max, i.seq ?? 0), 0)
}

/** Why a send cannot go out now, or null when it can. */
export function sendRefusal(draft: string, socketOpen: boolean): string | null {
  if (!draft.trim()) return MESSAGES.messageEmpty
  if (!socketOpen) return MESSAGES.chatNotReady
  return null
}

function markFailed(items: ChatItem[], clientId: string): ChatItem[] {
  return items.map((i) => (i.clientId === clientId && i.state === 'sending' ? { ...i, state: 'failed' } : i))
}

function acked(items: ChatItem[], clientId: string, id: number, seq?: number): ChatItem[] {
  // The echo of the message (newMessage) may have come before its ack: then only the pending copy goes.
  if (items.some((i) => i.id === id)) return items.filter((i) => !(i.clientId === clientId && i.id === undefined))
  return items.map((i) => (i.clientId === clientId ? { ...i, id, seq, state: 'sent' } : i))
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'historyLoaded':
      // Oldest → newest, deduped against what the socket delivered meanwhile.
      return {
        ...state,
        history: action.messages,
        items: action.messages.reduce((acc, m) => mergeMessage(acc, m, action.conversation.me), state.items),
      }
    case 'received': {
      const { conversation, message } = action
      if (!belongsTo(conversation, message)) return state
      const items = mergeMessage(state.items, message, conversation.me)
      const fromPartner = message.from.id === conversation.partnerId
      return { ...state, items, partnerTyping: fromPartner ? false : state.partnerTyping }
    }
    case 'acked':
      return { ...state, items: acked(state.items, action.clientId, action.id, action.seq) }
    case 'partnerTyping': {
      const { me, partnerId } = action.conversation
      // In the self-chat demo the partner is me: my own typing is not shown back to me.
      if (action.userId !== partnerId || partnerId === me) return state
      return { ...state, partnerTyping: action.isTyping }
    }
    case 'refusedByServer':
      return {
        ...state,
        items: action.clientId ? markFailed(state.items, action.clientId) : state.items,
        error: action.message,
      }
    case 'failed':
      return { ...state, items: markFailed(state.items, action.clientId) }
    case 'draftChanged':
      return { ...state, draft: action.draft, error: null }
    case 'refused':
      return { ...state, error: action.message }
    case 'sending': {
      const item: ChatItem = {
        key: `c${action.clientId}`,
        clientId: action.clientId,
        fromMe: true,
        text: action.text,
        createdAt: action.createdAt,
        state: 'sending',
      }
      return { ...state, items: [...state.items, item], draft: '', error: null }
    }
    case 'retrying':
      return {
        ...state,
        error: null,
        items: state.items.map((i) => (i.clientId === action.clientId ? { ...i, state: 'sending' } : i)),
      }
  }
}

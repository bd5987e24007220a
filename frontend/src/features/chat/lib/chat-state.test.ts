// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@/lib/messages'
import type { ChatMessage } from './chat-socket'
import {
  chatReducer,
  initialChatState,
  lastSeq,
  mergeMessage,
  sendRefusal,
  type ChatAction,
  type ChatState,
} from './chat-state'

const ME = 7
const RAVI = 21
const conversation = { me: ME, partnerId: RAVI }

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 100,
    seq: 1,
    from: { id: RAVI, name: 'Ravi Kumar' },
    to: ME,
    text: 'Hello from Ravi',
    requestId: null,
    clientId: null,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  }
}

function mine(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return message({ from: { id: ME, name: 'Asha' }, to: RAVI, ...overrides })
}

function run(...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, initialChatState)
}

const sending = (clientId: string, text = 'See you at 5'): ChatAction => ({
  type: 'sending',
  clientId,
  text,
  createdAt: '2026-11-20T10:05:00Z',
})

describe('the chat box state', () => {
  it('starts empty, with no draft, error or typing indicator', () => {
    expect(initialChatState).toEqual({ items: [], draft: '', error: null, partnerTyping: false })
  })

  it('shows the history oldest first, mine marked sent, and remembers which history it merged', () => {
    const history = [message(), mine({ id: 101, seq: 2, text: 'Hi Ravi' })]
    const state = run({ type: 'historyLoaded', messages: history, conversation })
    expect(state.items.map((i) => [i.text, i.fromMe, i.state])).toEqual([
      ['Hello from Ravi', false, undefined],
      ['Hi Ravi', true, 'sent'],
    ])
    expect(state.history).toBe(history)
    expect(lastSeq(state)).toBe(2)
  })

  it('a message delivered live before the history is not doubled when the history arrives', () => {
    const live = message({ id: 102, seq: 3, text: 'Are you free?' })
    const state = run(
      { type: 'received', message: live, conversation },
      { type: 'historyLoaded', messages: [message(), live], conversation },
    )
    expect(state.items.map((i) => i.id)).toEqual([102, 100])
  })

  it('a message delivered twice appears once', () => {
    const live = message({ id: 102, seq: 2 })
    const state = run(
      { type: 'received', message: live, conversation },
      { type: 'received', message: live, conversation },
    )
    expect(state.items).toHaveLength(1)
  })

  it('a message of another conversation is not shown', () => {
    const elsewhere = message({ id: 103, from: { id: 99, name: 'Other' } })
    expect(run({ type: 'received', message: elsewhere, conversation }).items).toEqual([])
    const toSomeoneElse = mine({ id: 104, to: 99 })
    expect(run({ type: 'received', message: toSomeoneElse, conversation }).items).toEqual([])
  })

  it('typing: the partner typing shows, their message hides it; nobody else and not myself in the self-chat', () => {
    const typing = run({ type: 'partnerTyping', userId: RAVI, isTyping: true, conversation })
    expect(typing.partnerTyping).toBe(true)
    expect(
      chatReducer(typing, { type: 'partnerTyping', userId: RAVI, isTyping: false, conversation }).partnerTyping,
    ).toBe(false)
    expect(chatReducer(typing, { type: 'received', message: message({ id: 105 }), conversation }).partnerTyping).toBe(
      false,
    )
    expect(run({ type: 'partnerTyping', userId: 99, isTyping: true, conversation }).partnerTyping).toBe(false)
    const selfChat = { me: ME, partnerId: ME }
    expect(run({ type: 'partnerTyping', userId: ME, isTyping: true, conversation: selfChat }).partnerTyping).toBe(false)
  })

  it('my own echo does not hide the partner typing', () => {
    const typing = run({ type: 'partnerTyping', userId: RAVI, isTyping: true, conversation })
    expect(chatReducer(typing, { type: 'received', message: mine({ id: 106 }), conversation }).partnerTyping).toBe(true)
  })

  describe('sending', () => {
    it('an empty draft is refused; so is any send while the socket is not open', () => {
      expect(sendRefusal('   ', true)).toBe(MESSAGES.messageEmpty)
      expect(sendRefusal('Hi', false)).toBe(MESSAGES.chatNotReady)
      expect(sendRefusal('Hi', true)).toBeNull()
      const state = run({ type: 'draftChanged', draft: 'Hi' }, { type: 'refused', message: MESSAGES.chatNotReady })
      expect(state.error).toBe(MESSAGES.chatNotReady)
      expect(state.draft).toBe('Hi')
      expect(state.items).toEqual([])
    })

    it('typing clears the error line', () => {
      const state = run({ type: 'refused', message: MESSAGES.messageEmpty }, { type: 'draftChanged', draft: 'S' })
      expect(state).toMatchObject({ draft: 'S', error: null })
    })

    it('a sent message shows at once as sending and empties the draft', () => {
      const state = run({ type: 'draftChanged', draft: 'See you at 5' }, sending('c1'))
      expect(state.draft).toBe('')
      expect(state.items).toEqual([
        {
          key: 'cc1',
          clientId: 'c1',
          fromMe: true,
          text: 'See you at 5',
          createdAt: '2026-11-20T10:05:00Z',
          state: 'sending',
        },
      ])
    })

    it('the ack marks it sent with its id and seq; the echo that follows is not doubled', () => {
      const acked = run(sending('c1'), { type: 'acked', clientId: 'c1', id: 101, seq: 2 })
      expect(acked.items).toMatchObject([{ id: 101, seq: 2, state: 'sent', text: 'See you at 5' }])
      const echoed = chatReducer(acked, {
        type: 'received',
        message: mine({ id: 101, seq: 2, text: 'See you at 5', clientId: 'c1' }),
        conversation,
      })
      expect(echoed.items).toHaveLength(1)
      expect(lastSeq(echoed)).toBe(2)
    })

    it('the echo may come before the ack: it replaces the pending copy, and the ack changes nothing', () => {
      const echoed = run(sending('c1'), {
        type: 'received',
        message: mine({ id: 101, seq: 2, text: 'See you at 5', clientId: 'c1' }),
        conversation,
      })
      expect(echoed.items).toMatchObject([{ key: 'm101', id: 101, state: 'sent' }])
      const acked = chatReducer(echoed, { type: 'acked', clientId: 'c1', id: 101, seq: 2 })
      expect(acked.items).toEqual(echoed.items)
    })

    it('no ack in time marks it failed; a late failure does not touch a sent message', () => {
      const failed = run(sending('c1'), { type: 'failed', clientId: 'c1' })
      expect(failed.items[0].state).toBe('failed')
      const sent = run(sending('c2'), { type: 'acked', clientId: 'c2', id: 102 }, { type: 'failed', clientId: 'c2' })
      expect(sent.items[0].state).toBe('sent')
    })

    it("the server's refusal marks the message failed and shows its reason", () => {
      const state = run(sending('c1'), sending('c2', 'Other'), {
        type: 'refusedByServer',
        message: 'Too many messages',
        clientId: 'c1',
      })
      expect(state.items.map((i) => i.state)).toEqual(['failed', 'sending'])
      expect(state.error).toBe('Too many messages')
      const general = run({ type: 'refusedByServer', message: 'Blocked', clientId: null })
      expect(general).toMatchObject({ error: 'Blocked', items: [] })
    })

    it('retry sends the same message again: sending once more, the error cleared', () => {
      const state = run(
        sending('c1'),
        { type: 'refusedByServer', message: 'Too many messages', clientId: 'c1' },
        { type: 'retrying', clientId: 'c1' },
      )
      expect(state.items).toMatchObject([{ clientId: 'c1', state: 'sending' }])
      expect(state.error).toBeNull()
    })
  })

  describe('reconnecting', () => {
    it('a rejoin asks for what came after the last seq shown; what it brings merges once', () => {
      const before = run({ type: 'historyLoaded', messages: [message({ id: 100, seq: 1 })], conversation })
      expect(lastSeq(before)).toBe(1)
      const missed = [message({ id: 101, seq: 2, text: 'Still there?' }), message({ id: 102, seq: 3, text: 'Hello?' })]
      const after = [...missed, missed[0]].reduce(
        (state, m) => chatReducer(state, { type: 'received', message: m, conversation }),
        before,
      )
      expect(after.items.map((i) => i.text)).toEqual(['Hello from Ravi', 'Still there?', 'Hello?'])
      expect(lastSeq(after)).toBe(3)
    })

    it('a pending message of mine without a seq does not move the last seq', () => {
      expect(lastSeq(run(sending('c1')))).toBe(0)
    })

    it('a message pending across the reconnect is replaced by its stored copy when the server replays it', () => {
      const state = run(sending('c1'), {
        type: 'received',
        message: mine({ id: 110, seq: 4, text: 'See you at 5', clientId: 'c1' }),
        conversation,
      })
      expect(state.items).toMatchObject([{ id: 110, seq: 4, state: 'sent' }])
    })
  })

  it('mergeMessage keeps the same array when the id is known', () => {
    const items = run({ type: 'historyLoaded', messages: [message()], conversation }).items
    expect(mergeMessage(items, message(), ME)).toBe(items)
  })
})

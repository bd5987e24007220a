import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { countBadgeText } from '@/components/count-badge'
import { FakeWebSocket } from '@/test/fake-websocket'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import type { ChatMessage } from '../lib/chat-socket'

const ME = 7
const RAVI = { id: 21, name: 'Ravi Kumar', email: 'ravi@example.com' }

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 100,
    seq: 1,
    from: { id: RAVI.id, name: RAVI.name },
    to: ME,
    text: 'Hello from Ravi',
    requestId: null,
    clientId: null,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  }
}

function chatServer(history: ChatMessage[] = [message()]) {
  const reads: unknown[] = []
  server.use(
    http.get('*/api/messages/conversations', () =>
      HttpResponse.json([
        {
          partner: RAVI,
          lastMessage: { text: history[0]?.text ?? '', createdAt: '2026-11-20T10:00:00Z' },
          unread: 2,
        },
      ]),
    ),
    http.get('*/api/messages', () => HttpResponse.json([...history].reverse())),
    http.post('*/api/messages/read', async ({ request }) => {
      reads.push(await request.json())
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return reads
}

async function openChat() {
  const view = renderApp('/messages')
  await view.user.click(await screen.findByRole('button', { name: /Ravi Kumar/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Ravi Kumar' })
  await within(dialog).findByText('Hello from Ravi')
  await waitFor(() => expect(FakeWebSocket.latest()?.readyState).toBe(1))
  return { ...view, dialog }
}

function sentFrames(event: string) {
  return FakeWebSocket.instances.flatMap((s) => s.sent).filter((f) => f.event === event)
}

describe('chat (SPEC §2, §5)', () => {
  it('/messages shows the empty state texts', async () => {
    signInAs()
    server.use(http.get('*/api/messages/conversations', () => HttpResponse.json([])))
    renderApp('/messages')
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument()
    expect(
      screen.getByText('Start a conversation by contacting a tutor or responding to a tuition request.'),
    ).toBeInTheDocument()
  })

  it('/chats is the same inbox as /messages: name, last message, date, unread badge and e-mail; a row opens the chat by name', async () => {
    signInAs()
    const conversation = {
      partner: { id: 21, name: 'Ravi Kumar', email: 'ravi@example.com' },
      lastMessage: { text: 'See you at 5', createdAt: '2026-11-20T10:00:00' },
      unread: 120,
    }
    server.use(http.get('*/api/messages/conversations', () => HttpResponse.json([conversation])))
    const { user } = renderApp('/chats')
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument()
    const row = await screen.findByRole('button', { name: /Ravi Kumar/ })
    expect(within(row).getByText('See you at 5')).toBeInTheDocument()
    expect(within(row).getByText('ravi@example.com')).toBeInTheDocument()
    expect(within(row).getByText('99+')).toBeInTheDocument()
    await user.click(row)
    expect(await screen.findByRole('dialog', { name: /Ravi Kumar/ })).toBeInTheDocument()
  })

  it('the navigation badge shows the unread total, at most 99+', async () => {
    expect(countBadgeText(5)).toBe('5')
    expect(countBadgeText(99)).toBe('99')
    expect(countBadgeText(100)).toBe('99+')
    signInAs()
    server.use(http.get('*/api/messages/unread', () => HttpResponse.json({ total: 150, perUser: { '21': 150 } })))
    renderApp('/')
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(await within(nav).findByText('99+')).toBeInTheDocument()
    expect(localStorage.getItem('unreadChats')).toBe('150')
    expect(JSON.parse(localStorage.getItem('unreadPerUser') ?? '{}')).toEqual({ '21': 150 })
  })

  it('an empty message is refused; a message goes sending → sent on ack and is not doubled by its echo', async () => {
    signInAs({ id: ME })
    const reads = chatServer()
    const { user, dialog } = await openChat()
    await waitFor(() => expect(reads).toContainEqual({ partnerId: RAVI.id }))
    expect(sentFrames('join')).toContainEqual({ event: 'join', data: { userId: RAVI.id, afterSeq: 1 } })

    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByText('Message cannot be empty')).toBeInTheDocument()

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'See you at 5{Enter}')
    expect(within(dialog).getByText('Sending…')).toBeInTheDocument()
    const frame = sentFrames('sendMessage').at(-1)!
    expect(frame.data).toMatchObject({ to: RAVI.id, text: 'See you at 5' })
    const clientId = frame.data.clientId as string
    expect(clientId).toBeTruthy()

    const socket = FakeWebSocket.latest()!
    act(() => socket.push('ack', { clientId, id: 101, seq: 2 }))
    expect(await within(dialog).findByText('Sent')).toBeInTheDocument()
    act(() =>
      socket.push(
        'newMessage',
        message({ id: 101, seq: 2, from: { id: ME, name: 'Asha' }, to: RAVI.id, text: 'See you at 5', clientId }),
      ),
    )
    expect(within(dialog).getAllByText('See you at 5')).toHaveLength(1)
  })

  it('a live message appears once even when delivered twice; the typing indicator shows', async () => {
    signInAs({ id: ME })
    chatServer()
    const { dialog } = await openChat()
    const socket = FakeWebSocket.latest()!
    act(() => socket.push('userTyping', { userId: RAVI.id, isTyping: true }))
    expect(within(dialog).getByText('Ravi Kumar is typing…')).toBeInTheDocument()
    const live = message({ id: 102, seq: 2, text: 'Are you free?' })
    act(() => {
      socket.push('newMessage', live)
      socket.push('newMessage', live)
    })
    expect(within(dialog).getAllByText('Are you free?')).toHaveLength(1)
    expect(within(dialog).queryByText('Ravi Kumar is typing…')).not.toBeInTheDocument()
    // A message of another conversation is not shown here.
    act(() => socket.push('newMessage', message({ id: 103, from: { id: 99, name: 'Other' }, text: 'Elsewhere' })))
    expect(within(dialog).queryByText('Elsewhere')).not.toBeInTheDocument()
  })

  it('a refused message is marked failed; Retry resends it with the same clientId', async () => {
    signInAs({ id: ME })
    chatServer()
    const { user, dialog } = await openChat()
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello there{Enter}')
    const clientId = sentFrames('sendMessage').at(-1)!.data.clientId as string
    act(() => FakeWebSocket.latest()!.push('error', { message: 'Too many messages', clientId }))
    expect(await within(dialog).findByText('Failed')).toBeInTheDocument()
    expect(within(dialog).getByText('Too many messages')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: /Retry sending/ }))
    const resent = sentFrames('sendMessage')
    expect(resent).toHaveLength(2)
    expect(resent[1].data.clientId).toBe(clientId)
    expect(within(dialog).getByText('Sending…')).toBeInTheDocument()
  })

  it('Block refuses the partner from now on; Unblock lifts it; both are confirmed', async () => {
    signInAs({ id: ME })
    chatServer()
    const calls: string[] = []
    let blocked = false
    server.use(
      http.get('*/api/chat/block/:partnerId', ({ params }) => {
        calls.push(`GET ${params.partnerId}`)
        return HttpResponse.json({ blocked })
      }),
      http.post('*/api/chat/block', async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`)
        blocked = true
        return new HttpResponse(null, { status: 204 })
      }),
      http.delete('*/api/chat/block/:partnerId', ({ params }) => {
        calls.push(`DELETE ${params.partnerId}`)
        blocked = false
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user, dialog } = await openChat()
    await user.click(await within(dialog).findByRole('button', { name: 'Block Ravi Kumar' }))
    expect(await screen.findByText('You blocked Ravi Kumar. Their messages will be refused.')).toBeInTheDocument()
    expect(within(dialog).getByText('Their messages are refused.')).toBeInTheDocument()
    expect(calls).toEqual(['GET 21', `POST ${JSON.stringify({ partnerId: RAVI.id })}`])

    await user.click(within(dialog).getByRole('button', { name: 'Unblock Ravi Kumar' }))
    expect(await screen.findByText('You unblocked Ravi Kumar.')).toBeInTheDocument()
    expect(await within(dialog).findByRole('button', { name: 'Block Ravi Kumar' })).toBeInTheDocument()
    expect(within(dialog).queryByText('Their messages are refused.')).not.toBeInTheDocument()
    expect(calls.at(-1)).toBe('DELETE 21')
  })

  it('a refused block shows the server message and changes nothing', async () => {
    signInAs({ id: ME })
    chatServer()
    server.use(http.post('*/api/chat/block', () => apiError(404, { message: 'User not found.', code: 'not_found' })))
    const { user, dialog } = await openChat()
    await user.click(await within(dialog).findByRole('button', { name: 'Block Ravi Kumar' }))
    expect(await screen.findByText('User not found.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Block Ravi Kumar' })).toBeInTheDocument()
  })

  it('without an open socket, sending says the connection is not ready', async () => {
    FakeWebSocket.autoOpen = false
    signInAs({ id: ME })
    chatServer()
    const view = renderApp('/messages')
    await view.user.click(await screen.findByRole('button', { name: /Ravi Kumar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Ravi Kumar' })
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hi{Enter}')
    expect(within(dialog).getByText('Chat error: connection not ready')).toBeInTheDocument()
    expect(sentFrames('sendMessage')).toHaveLength(0)
  })

  it('/features: logged out asks to log in; logged in opens the self-chat demo', async () => {
    const first = renderApp('/features')
    expect(await screen.findByText('Please log in to test the chat feature')).toBeInTheDocument()
    first.unmount()
    signInAs({ id: ME })
    let historyAsked = false
    let blockAsked = false
    server.use(
      http.get('*/api/messages', () => {
        historyAsked = true
        return HttpResponse.json([])
      }),
      http.post('*/api/messages/read', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/chat/block/:partnerId', () => {
        blockAsked = true
        return HttpResponse.json({ blocked: false })
      }),
    )
    const view = renderApp('/features')
    await view.user.click(await screen.findByRole('button', { name: 'Test Chat Feature' }))
    const demo = await screen.findByRole('dialog', { name: 'Chat Demo (Self-chat for testing)' })
    // Nobody blocks themself: the history is fetched, the block status never is.
    await waitFor(() => expect(historyAsked).toBe(true))
    expect(blockAsked).toBe(false)
    expect(within(demo).queryByRole('button', { name: /Block/ })).not.toBeInTheDocument()
  })
})

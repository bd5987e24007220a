import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatTime } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { FakeWebSocket } from '@/test/fake-websocket'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const ME = 7
const RAVI = { id: 21, name: 'Ravi Kumar', email: 'ravi@example.com' }
const SENT_AT = '2026-11-20T10:00:00Z'

function chatServer() {
  const hello = {
    id: 100,
    seq: 1,
    from: { id: RAVI.id, name: RAVI.name },
    to: ME,
    text: 'Hello from Ravi',
    requestId: null,
    clientId: null,
    createdAt: SENT_AT,
  }
  server.use(
    http.get('*/api/messages/conversations', () =>
      HttpResponse.json([{ partner: RAVI, lastMessage: { text: hello.text, createdAt: SENT_AT }, unread: 1 }]),
    ),
    http.get('*/api/messages', () => HttpResponse.json([hello])),
    http.post('*/api/messages/read', () => new HttpResponse(null, { status: 204 })),
  )
}

describe('the chat in Hindi', () => {
  it('shows the inbox, the chat box, its refusals, states and times in Hindi', async () => {
    signInAs({ id: ME, language: 'hi' })
    chatServer()
    await setLanguage('hi')
    const { user } = renderApp('/messages')
    expect(await screen.findByRole('heading', { level: 1, name: 'संदेश' })).toBeInTheDocument()
    const inbox = await screen.findByRole('list', { name: 'बातचीत' })
    await user.click(within(inbox).getByRole('button', { name: /Ravi Kumar/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar के साथ चैट' })
    const log = within(dialog).getByRole('log', { name: 'Ravi Kumar के साथ संदेश' })
    await within(log).findByText('Hello from Ravi')
    expect(within(log).getByText(formatTime(SENT_AT, 'hi'))).toBeInTheDocument()
    expect(await within(dialog).findByRole('button', { name: 'Ravi Kumar को ब्लॉक करें' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeInTheDocument()
    await waitFor(() => expect(FakeWebSocket.latest()?.readyState).toBe(1))

    await user.click(within(dialog).getByRole('button', { name: 'भेजें' }))
    expect(within(dialog).getByText('संदेश खाली नहीं हो सकता')).toBeInTheDocument()

    const input = within(dialog).getByRole('textbox', { name: 'संदेश' })
    expect(input).toHaveAttribute('placeholder', 'संदेश लिखें…')
    await user.type(input, 'कल 5 बजे मिलते हैं{Enter}')
    expect(within(dialog).getByText('भेजा जा रहा है…')).toBeInTheDocument()

    act(() => FakeWebSocket.latest()!.push('userTyping', { userId: RAVI.id, isTyping: true }))
    expect(within(log).getByText('Ravi Kumar लिख रहे हैं…')).toBeInTheDocument()
  })

  it('says in Hindi that the connection is not ready', async () => {
    FakeWebSocket.autoOpen = false
    signInAs({ id: ME, language: 'hi' })
    chatServer()
    await setLanguage('hi')
    const { user } = renderApp('/messages')
    await user.click(await screen.findByRole('button', { name: /Ravi Kumar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar के साथ चैट' })
    expect(within(dialog).getByRole('status')).toHaveTextContent('कनेक्ट हो रहा है…')
    await user.type(within(dialog).getByRole('textbox', { name: 'संदेश' }), 'नमस्ते{Enter}')
    expect(within(dialog).getByText('चैट में गड़बड़ी: कनेक्शन तैयार नहीं है')).toBeInTheDocument()
  })
})

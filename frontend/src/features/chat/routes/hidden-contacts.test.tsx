import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

describe('the inbox of a tutor whose partner does not share contacts', () => {
  it('shows the short name the server gives and no e-mail line', async () => {
    signInAs({ role: 'tutor' })
    const hidden = {
      partner: { id: 31, name: 'Priya S.', email: null },
      lastMessage: { text: 'I teach Maths nearby', createdAt: '2026-11-20T10:00:00' },
      unread: 0,
    }
    server.use(
      http.get('*/api/messages/conversations', () => HttpResponse.json([hidden])),
      http.get('*/api/messages', () => HttpResponse.json([])),
      http.post('*/api/messages/read', () => new HttpResponse(null, { status: 204 })),
    )
    const { user } = renderApp('/messages')
    const row = await screen.findByRole('button', { name: /Priya S\./ })
    expect(row).not.toHaveTextContent('@')
    expect(within(row).getByText('I teach Maths nearby')).toBeInTheDocument()
    await user.click(row)
    expect(await screen.findByRole('dialog', { name: /Priya S\./ })).toBeInTheDocument()
  })
})

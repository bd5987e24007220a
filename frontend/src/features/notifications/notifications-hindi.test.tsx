import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import type { Body } from '@/test/http'
import { makeNotification } from '@/test/notifications'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

function notificationServer(items: Body<'Notification'>[], nextCursor: number | null = null) {
  server.use(
    http.get('*/api/notifications/unread-count', () =>
      HttpResponse.json<Body<'UnreadCount'>>({ unread: items.filter((n) => !n.read).length }),
    ),
    http.get('*/api/notifications', () => HttpResponse.json<Body<'NotificationPage'>>({ items, nextCursor })),
  )
}

describe('the notification centre in Hindi', () => {
  it('/notifications: the list, its unread marks, ages, buttons and the bell in Hindi; the server’s texts as sent', async () => {
    signInAs({ role: 'tutor', language: 'hi' })
    // A little over five minutes ago, so that the age still reads five minutes however slowly the test runs.
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 20_000).toISOString()
    notificationServer(
      [
        makeNotification({ id: 2, title: 'रवि कुमार ने आपके अनुरोध में रुचि दिखाई', createdAt: fiveMinutesAgo }),
        makeNotification({ id: 1, title: 'Old news', read: true }),
      ],
      1,
    )
    await setLanguage('hi')
    renderApp('/notifications')
    expect(await screen.findByRole('heading', { level: 1, name: 'सूचनाएँ' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'सूचनाएँ' })
    const [unread, read] = within(list).getAllByTestId('notification')
    expect(unread).toHaveTextContent('रवि कुमार ने आपके अनुरोध में रुचि दिखाई (अपठित)')
    expect(within(unread).getByText('5 मिनट पहले')).toBeInTheDocument()
    expect(read).not.toHaveTextContent('अपठित')
    expect(screen.getByRole('button', { name: 'सभी को पढ़ा हुआ मार्क करें' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'और लोड करें' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'सूचनाएँ, 1 अपठित' })).toBeInTheDocument()
  })

  it('says in Hindi that there are none yet', async () => {
    signInAs({ role: 'parent', language: 'hi' })
    notificationServer([])
    await setLanguage('hi')
    renderApp('/notifications')
    expect(await screen.findByText('अभी कोई सूचना नहीं है।')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'सभी को पढ़ा हुआ मार्क करें' })).toBeDisabled()
  })
})

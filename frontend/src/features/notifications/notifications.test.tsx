import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { FakeWebSocket } from '@/test/fake-websocket'
import { apiError, type Body } from '@/test/http'
import { makeNotification } from '@/test/notifications'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

/** The server's side of the centre: a stored list, its unread count, and what was marked read. */
function notificationServer(initial: Body<'Notification'>[], { pageSize = 20 } = {}) {
  let items = [...initial]
  const reads: unknown[] = []
  const listQueries: URLSearchParams[] = []
  const unread = () => items.filter((n) => !n.read).length
  server.use(
    http.get('*/api/notifications/unread-count', () => HttpResponse.json<Body<'UnreadCount'>>({ unread: unread() })),
    http.get('*/api/notifications', ({ request }) => {
      const query = new URL(request.url).searchParams
      listQueries.push(query)
      const before = Number(query.get('before')) || Infinity
      const older = items.filter((n) => n.id < before)
      const page = older.slice(0, pageSize)
      const more = older.length > pageSize
      return HttpResponse.json<Body<'NotificationPage'>>({
        items: page,
        nextCursor: more ? (page.at(-1)?.id ?? null) : null,
      })
    }),
    http.post('*/api/notifications/read', async ({ request }) => {
      const body = (await request.json()) as Body<'ReadBody'>
      reads.push(body)
      items = items.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, read: true } : n))
      return HttpResponse.json<Body<'UnreadCount'>>({ unread: unread() })
    }),
  )
  return {
    reads,
    listQueries,
    /** A notification the server stores (as a live one would be). */
    add(n: Body<'Notification'>) {
      items = [n, ...items]
    },
  }
}

/** 400 `invalid_unsubscribe_link`: a forged, altered or foreign link. */
function invalidUnsubscribeLink() {
  return apiError(400, { code: 'invalid_unsubscribe_link', message: 'This unsubscribe link is not valid.' })
}

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.latest()?.readyState).toBe(FakeWebSocket.OPEN))
  return FakeWebSocket.latest() as FakeWebSocket
}

describe('the notification centre', () => {
  it('shows the unread count on the bell and takes a live notification: count, list and a snackbar', async () => {
    signInAs({ role: 'parent' })
    const older = [makeNotification({ id: 3 }), makeNotification({ id: 2 }), makeNotification({ id: 1 })]
    const backend = notificationServer(older)
    const { user } = renderApp('/dashboard')
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' })
    // The phone bar carries the same count on its Alerts item. Its badge renders on its own, so it is
    // waited for rather than expected in the bell's render.
    const bar = screen.getByRole('navigation', { name: 'Bottom navigation' })
    expect(within(bar).getByRole('link', { name: /Alerts/ })).toHaveAttribute('href', '/notifications')
    expect(await within(bar).findByTestId('nav-notifications')).toHaveTextContent('3 unread')

    const socket = await openSocket()
    const live = makeNotification({ id: 4, title: 'Meera Nair is interested in your Chemistry request' })
    backend.add(live)
    socket.push('notification', live)
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBe(bell)
    expect(await screen.findByText('Meera Nair is interested in your Chemistry request')).toBeInTheDocument()

    // The list opens with the live one first, and without asking the server twice for it.
    await user.click(bell)
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const rows = within(list).getAllByTestId('notification')
    expect(rows).toHaveLength(4)
    expect(rows[0]).toHaveTextContent('Meera Nair is interested in your Chemistry request')
    expect(rows[1]).toHaveTextContent('5 minutes ago')
    // The same event twice (a reconnect's replay) counts once. Frames are taken in order, so a new
    // one pushed after the replay shows once the replay has been handled.
    socket.push('notification', live)
    const next = makeNotification({ id: 5, title: 'Ravi Kumar replied to your message' })
    backend.add(next)
    socket.push('notification', next)
    await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(5))
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toBe(bell)
    expect(within(list).getAllByText('Meera Nair is interested in your Chemistry request')).toHaveLength(1)
  })

  it('opening the list takes back the live snackbars, and none shows over the open list', async () => {
    signInAs({ role: 'parent' })
    const backend = notificationServer([makeNotification({ id: 1 })])
    const { user } = renderApp('/dashboard')
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    const socket = await openSocket()
    const whileClosed = makeNotification({ id: 2, title: 'Meera Nair is interested in your Chemistry request' })
    backend.add(whileClosed)
    socket.push('notification', whileClosed)
    expect(await screen.findByText(whileClosed.title)).toBeInTheDocument()

    // Open, the list says it; the snackbar leaves.
    await user.click(bell)
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByTestId('notification')[0]).toHaveTextContent(whileClosed.title)
    await waitFor(() => expect(screen.getAllByText(whileClosed.title)).toHaveLength(1))

    const whileOpen = makeNotification({ id: 3, title: 'Ravi Kumar sent you a message' })
    backend.add(whileOpen)
    socket.push('notification', whileOpen)
    await waitFor(() => expect(within(list).getAllByTestId('notification')[0]).toHaveTextContent(whileOpen.title))

    // Closed again, the next one gets its snackbar: the one that came while open never had one.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument())
    const afterwards = makeNotification({ id: 4, title: 'Anita Rao is interested in your Maths request' })
    backend.add(afterwards)
    socket.push('notification', afterwards)
    expect(await screen.findByText(afterwards.title)).toBeInTheDocument()
    expect(screen.queryByText(whileOpen.title)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument()
  })

  it('a click marks that one read and opens its link; Mark all read clears the count', async () => {
    signInAs({ role: 'parent' })
    const backend = notificationServer([
      makeNotification({ id: 2, title: 'New message from Ravi', link: '/messages?with=5', kind: 'unread_message' }),
      makeNotification({ id: 1, title: 'Ravi Kumar is interested', link: '/tutor/5' }),
    ])
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }))
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const row = within(list).getByRole('button', { name: /Ravi Kumar is interested/ })
    expect(row).toHaveAccessibleName(/\(unread\)/)
    await user.click(row)
    await waitFor(() => expect(currentPath()).toBe('/tutor/5'))
    expect(backend.reads).toEqual([{ ids: [1] }])
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })

    await user.click(bell)
    const again = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(again).getByRole('button', { name: /Ravi Kumar is interested/ })).not.toHaveAccessibleName(/unread/)
    await user.click(screen.getByRole('button', { name: 'Mark all read' }))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    expect(backend.reads).toEqual([{ ids: [1] }, { all: true }])
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })

  it('Escape closes the bell popover and puts the focus back on the bell', async () => {
    signInAs({ role: 'parent' })
    notificationServer([makeNotification({ id: 1, title: 'Ravi Kumar is interested' })])
    const { user } = renderApp('/dashboard')
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await user.click(bell)
    const popover = await screen.findByRole('dialog', { name: 'Notifications' })
    expect(bell).toHaveAttribute('aria-expanded', 'true')
    // From inside the popover (jsdom lays nothing out, so zag finds nothing to focus by itself).
    const seeAll = within(popover).getByRole('link', { name: 'See all' })
    act(() => seeAll.focus())
    expect(seeAll).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument())
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(bell).toHaveFocus())
    // It opens again from the keyboard.
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument()
  })

  it('/notifications lists them all and loads older pages with the cursor', async () => {
    signInAs({ role: 'tutor' })
    const many = Array.from({ length: 25 }, (_, i) => makeNotification({ id: 25 - i, title: `Alert ${25 - i}` }))
    const backend = notificationServer(many)
    const { user } = renderApp('/notifications')
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByTestId('notification')).toHaveLength(20)
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(25))
    expect(backend.listQueries.map((q) => q.get('before'))).toEqual([null, '6'])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('the e-mail settings on /profile save the changed kinds', async () => {
    signInAs({ role: 'tutor' })
    const puts: unknown[] = []
    let prefs: Body<'NotificationPreference'>[] = [
      {
        kind: 'new_request',
        label: 'New requests near you',
        email: 'immediate',
        choices: ['off', 'immediate', 'digest'],
      },
      { kind: 'unread_message', label: 'Unread messages', email: 'immediate', choices: ['off', 'immediate'] },
    ]
    server.use(
      http.get('*/api/notifications/preferences', () => HttpResponse.json<Body<'Preferences'>>({ preferences: prefs })),
      http.put('*/api/notifications/preferences', async ({ request }) => {
        const body = (await request.json()) as Body<'PreferencesBody'>
        puts.push(body)
        prefs = prefs.map((p) => ({ ...p, email: body.preferences.find((c) => c.kind === p.kind)?.email ?? p.email }))
        return HttpResponse.json<Body<'Preferences'>>({ preferences: prefs })
      }),
    )
    const { user } = renderApp('/profile')
    const digest = await screen.findByRole('combobox', { name: 'E-mail: New requests near you' })
    expect(digest).toHaveValue('immediate')
    expect(Array.from(digest.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Off',
      'Immediately',
      'Daily digest',
    ])
    const messages = screen.getByRole('combobox', { name: 'E-mail: Unread messages' })
    expect(Array.from(messages.querySelectorAll('option'), (o) => o.textContent)).toEqual(['Off', 'Immediately'])
    const save = screen.getByRole('button', { name: 'Save notification settings' })
    expect(save).toBeDisabled()
    await user.selectOptions(digest, 'digest')
    await user.click(save)
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument()
    expect(puts).toEqual([{ preferences: [{ kind: 'new_request', email: 'digest' }] }])
    expect(screen.getByRole('combobox', { name: 'E-mail: New requests near you' })).toHaveValue('digest')
  })

  it('/unsubscribe works without logging in and says what was turned off, or why not', async () => {
    const tokens: string[] = []
    server.use(
      http.get('*/api/notifications/unsubscribe', ({ request }) => {
        const token = new URL(request.url).searchParams.get('token') ?? ''
        tokens.push(token)
        if (token !== 'good') {
          return invalidUnsubscribeLink()
        }
        return HttpResponse.json<Body<'Unsubscribed'>>({
          kind: 'unread_message',
          label: 'unread messages',
          email: 'off',
        })
      }),
    )
    renderApp('/unsubscribe?token=good')
    expect(
      await screen.findByText(/You will no longer get e-mails about unread messages\. Change this any time on your/),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile')
    expect(tokens).toEqual(['good'])
  })

  it('/unsubscribe changes nothing when opened (mail scanners open links): the person confirms', async () => {
    const calls: string[] = []
    let email: 'immediate' | 'off' = 'immediate'
    const answer = () =>
      HttpResponse.json<Body<'Unsubscribed'>>({ kind: 'new_request', label: 'new requests in your area', email })
    server.use(
      http.get('*/api/notifications/unsubscribe', () => {
        calls.push('GET')
        return answer()
      }),
      http.post('*/api/notifications/unsubscribe', ({ request }) => {
        calls.push(`POST ${new URL(request.url).searchParams.get('token')}`)
        email = 'off'
        return answer()
      }),
    )
    const { user } = renderApp('/unsubscribe?token=good')
    expect(
      await screen.findByText('Stop e-mails about new requests in your area? The notifications stay in the app.'),
    ).toBeInTheDocument()
    expect(calls).toEqual(['GET'])
    expect(screen.queryByText(/You will no longer get e-mails/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(
      await screen.findByText(/You will no longer get e-mails about new requests in your area\. Change this any time/),
    ).toBeInTheDocument()
    expect(calls).toEqual(['GET', 'POST good'])
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
  })

  it('/unsubscribe with a forged link shows the server’s message', async () => {
    server.use(http.get('*/api/notifications/unsubscribe', () => invalidUnsubscribeLink()))
    renderApp('/unsubscribe?token=forged')
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.')
  })
})

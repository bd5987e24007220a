import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { booking } from '@/test/bookings'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const FIRST = 'http://localhost:8080/calendar/' + 'a'.repeat(64) + '.ics'
const SECOND = 'http://localhost:8080/calendar/' + 'b'.repeat(64) + '.ics'

/** The classes list (empty) and the feed's three routes; returns what was asked of the feed. */
function serveFeed() {
  const calls: string[] = []
  server.use(
    http.get('*/api/bookings', () => HttpResponse.json({ bookings: [] })),
    http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: 0, awaitingMe: 0 })),
    http.get('*/api/calendar/feed', () => {
      calls.push('get')
      return HttpResponse.json({ url: FIRST })
    }),
    http.post('*/api/calendar/feed/rotate', () => {
      calls.push('rotate')
      return HttpResponse.json({ url: SECOND })
    }),
    http.delete('*/api/calendar/feed', () => {
      calls.push('stop')
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return calls
}

describe('My classes: Calendar', { timeout: 30_000 }, () => {
  it('shows the private feed address only when opened, gives a new link and stops the feed', async () => {
    const calls = serveFeed()
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    await screen.findByText('No upcoming classes.')
    expect(calls).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Calendar' }))
    const section = within(await screen.findByRole('region', { name: 'Your classes in your calendar' }))
    expect(section.getByText(/Google Calendar/)).toBeInTheDocument()
    const address = section.getByRole('textbox', { name: 'Your calendar address' })
    await waitFor(() => expect(address).toHaveValue(FIRST))

    await user.click(section.getByRole('button', { name: 'Get a new link' }))
    await waitFor(() => expect(address).toHaveValue(SECOND))

    await user.click(section.getByRole('button', { name: 'Stop the feed' }))
    expect(await section.findByRole('status')).toHaveTextContent('The feed is stopped')
    expect(section.queryByRole('textbox')).not.toBeInTheDocument()
    expect(calls).toEqual(['get', 'rotate', 'stop'])
  })

  it('reads in Hindi', async () => {
    serveFeed()
    signInAs({ id: 7, role: 'parent', language: 'hi' })
    await setLanguage('hi')
    const { user } = renderApp('/classes')
    await user.click(await screen.findByRole('button', { name: 'कैलेंडर' }))
    const section = within(await screen.findByRole('region', { name: 'आपकी क्लासें आपके कैलेंडर में' }))
    expect(section.getByRole('button', { name: 'नया लिंक लें' })).toBeInTheDocument()
    expect(section.getByRole('button', { name: 'फ़ीड बंद करें' })).toBeInTheDocument()
  })

  it('downloads a confirmed class as an .ics file with the session', async () => {
    const asked: string[] = []
    server.use(
      http.get('*/api/bookings', () =>
        HttpResponse.json({ bookings: [booking({ status: 'confirmed', awaiting: null })] }),
      ),
      http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: 1, awaitingMe: 0 })),
      http.get('*/api/bookings/:id/calendar.ics', ({ params, request }) => {
        asked.push(`${params.id} ${request.headers.get('Authorization') ? 'signed in' : 'anonymous'}`)
        return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'Content-Type': 'text/calendar' },
        })
      }),
    )
    const made = vi.fn((blob: Blob) => `blob:${blob.type}`)
    Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    const card = within(await screen.findByTestId('booking-5'))
    await user.click(card.getByRole('button', { name: 'Add to calendar (.ics)' }))
    await waitFor(() => expect(clicked).toHaveBeenCalled())
    expect(asked).toEqual(['5 signed in'])
    expect(made).toHaveBeenCalledWith(expect.objectContaining({ type: 'text/calendar' }))
    clicked.mockRestore()
  })
})

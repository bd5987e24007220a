import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { booking } from '@/test/bookings'
import { apiError } from '@/test/http'
import { currentPath, currentSearch, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import type { Booking } from './api/types'

const TUTOR = { id: 42, role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' } as const

/** GET /bookings/5 answers `current` (changed by each action); what actions were sent. */
function serveBooking(initial: Booking, after: Partial<Booking> = {}) {
  let current = initial
  const sent: { path: string; body: unknown }[] = []
  server.use(
    http.get('*/api/bookings/:id', ({ params }) =>
      params.id === String(current.id)
        ? HttpResponse.json(current)
        : apiError(404, { message: 'This demo class was not found.', code: 'booking_not_found' }),
    ),
    http.post('*/api/bookings/:id/:action', async ({ request, params }) => {
      const text = await request.text()
      sent.push({ path: `${params.id}/${params.action}`, body: text ? JSON.parse(text) : null })
      current = { ...current, ...after }
      return HttpResponse.json(current)
    }),
  )
  return sent
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a class’s own page (/bookings/:id)', () => {
  it('shows a parent the class, its place and what they may do, and cancels it with a note', async () => {
    const sent = serveBooking(
      booking({ subject: 'Mathematics', place: 'Lajpat Nagar, South Delhi', note: 'Class 8 maths' }),
      { status: 'cancelled', cancelledBy: 'parent', cancelNote: 'Exams this week', awaiting: null },
    )
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/bookings/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo class with Ravi Kumar' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toContain('Demo class with Ravi Kumar'))
    const panel = within(screen.getByTestId('booking-page'))
    expect(panel.getByText('Mon, 11 Jan, 17:00–18:00 IST')).toBeInTheDocument()
    expect(panel.getByText('Requested')).toBeInTheDocument()
    expect(panel.getByText('With Ravi Kumar (tutor)')).toBeInTheDocument()
    expect(panel.getByText('Subject: Mathematics')).toBeInTheDocument()
    expect(panel.getByText('Place: Lajpat Nagar, South Delhi')).toBeInTheDocument()
    expect(panel.getByText('Note: Class 8 maths')).toBeInTheDocument()
    expect(panel.getByText("Waiting for Ravi Kumar's answer")).toBeInTheDocument()
    expect(panel.getByText('Booked on Fri, 1 Jan, 05:30 IST')).toBeInTheDocument()
    // The parent is not the side awaited: no accept or decline; no calendar file before it is confirmed.
    expect(panel.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(panel.queryByRole('button', { name: 'Add to calendar (.ics)' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My classes' })).toHaveAttribute(
      'href',
      '/classes',
    )

    await user.click(panel.getByRole('button', { name: 'Cancel class' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel the class' }))
    await user.type(dialog.getByRole('textbox', { name: /Note to the other side/ }), 'Exams this week')
    await user.click(dialog.getByRole('button', { name: 'Cancel class' }))
    expect(await screen.findByText('Cancelled by the parent: Exams this week')).toBeInTheDocument()
    expect(sent).toEqual([{ path: '5/cancel', body: { note: 'Exams this week' } }])
    expect(within(screen.getByTestId('booking-page')).getByText('Cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel class' })).not.toBeInTheDocument()
  })

  it('lets the tutor awaited accept or decline with a reason', async () => {
    const sent = serveBooking(booking(), { status: 'declined', declineReason: 'Not free that evening', awaiting: null })
    signInAs(TUTOR)
    const { user } = renderApp('/bookings/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo class with Asha V.' })).toBeInTheDocument()
    const panel = within(screen.getByTestId('booking-page'))
    expect(panel.getByText('Waiting for your answer')).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Accept' })).toBeInTheDocument()
    await user.click(panel.getByRole('button', { name: 'Decline' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline the demo class' }))
    await user.click(dialog.getByRole('button', { name: 'Decline' }))
    expect(await dialog.findByText('Give a reason.')).toBeInTheDocument()
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Not free that evening')
    await user.click(dialog.getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Declined: Not free that evening')).toBeInTheDocument()
    expect(sent).toEqual([{ path: '5/decline', body: { reason: 'Not free that evening' } }])
  })

  it("shows a new time's note and the tutor's late cancellations, and after the start asks how it went", async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    // Monday 11 Jan 2027, 17:30 IST: the class began at 17:00.
    vi.setSystemTime(new Date('2027-01-11T12:00:00Z'))
    serveBooking(
      booking({
        status: 'confirmed',
        awaiting: null,
        rescheduleNote: 'Moved to the evening',
        tutorLateCancellations: 1,
      }),
    )
    signInAs({ id: 7, role: 'parent' })
    renderApp('/bookings/5')
    const panel = within(await screen.findByTestId('booking-page'))
    expect(await panel.findByText('Note with the new time: Moved to the evening')).toBeInTheDocument()
    expect(panel.getByText('The tutor has 1 late cancellation')).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Report a no-show' })).toBeInTheDocument()
    expect(panel.getByText('How did the demo go?')).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Add to calendar (.ics)' })).toBeInTheDocument()
    expect(panel.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument()
  })

  it('marks a late cancellation', async () => {
    serveBooking(
      booking({
        status: 'cancelled',
        awaiting: null,
        cancelledBy: 'tutor',
        cancelNote: 'Unwell',
        lateCancellation: true,
      }),
    )
    signInAs({ id: 7, role: 'parent' })
    renderApp('/bookings/5')
    const panel = within(await screen.findByTestId('booking-page'))
    expect(await panel.findByText('Late cancellation')).toBeInTheDocument()
    expect(panel.getByText('Cancelled by the tutor: Unwell')).toBeInTheDocument()
    expect(panel.queryByRole('button')).not.toBeInTheDocument()
  })

  it('says a class the reader is not part of is not found, as the server answers (404)', async () => {
    serveBooking(booking())
    signInAs({ id: 8, role: 'parent' })
    renderApp('/bookings/99')
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This class does not exist, or it is not one of yours.')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My classes' })).toHaveAttribute(
      'href',
      '/classes',
    )
    expect(screen.queryByText(/Ravi Kumar/)).not.toBeInTheDocument()
  })

  it('says an address that names no class is not found without asking', async () => {
    signInAs({ id: 7, role: 'parent' })
    renderApp('/bookings/abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument()
  })

  it('sends a visitor to log in first', async () => {
    serveBooking(booking())
    renderApp('/bookings/5')
    await waitFor(() => expect(currentPath()).toBe('/login'))
  })

  it('reads in Hindi', async () => {
    serveBooking(booking())
    signInAs({ ...TUTOR, language: 'hi' })
    await setLanguage('hi')
    renderApp('/bookings/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha V. के साथ डेमो कक्षा' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'स्वीकार करें' })).toBeInTheDocument()
    expect(screen.getByText(/सोम, 11 जन॰, 17:00–18:00 IST/)).toBeInTheDocument()
  })
})

describe('My classes as a week', () => {
  /** Lists: upcoming and past as the server splits them. */
  function serveLists(upcoming: Booking[], past: Booking[] = []) {
    server.use(
      http.get('*/api/bookings', ({ request }) =>
        HttpResponse.json({ bookings: new URL(request.url).searchParams.get('when') === 'past' ? past : upcoming }),
      ),
      http.get('*/api/bookings/:id', ({ params }) =>
        HttpResponse.json([...upcoming, ...past].find((b) => String(b.id) === params.id)),
      ),
    )
  }

  const at = (id: number, startsAt: string, endsAt: string, more: Partial<Booking> = {}) =>
    booking({ id, startsAt, endsAt, status: 'confirmed', awaiting: null, ...more })

  it('shows the IST week, Monday first, with today marked and each class leading to its page', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    // Sunday 10 Jan 2027 at 19:00 UTC is already Monday 11 Jan 00:30 in India.
    vi.setSystemTime(new Date('2027-01-10T19:00:00Z'))
    serveLists(
      [
        at(11, '2027-01-11T11:30:00Z', '2027-01-11T12:30:00Z'), // Mon 11 Jan 17:00 IST
        at(12, '2027-01-17T18:00:00Z', '2027-01-17T18:29:00Z'), // Sun 17 Jan 23:30 IST: this week
        at(13, '2027-01-17T18:30:00Z', '2027-01-17T19:30:00Z'), // Mon 18 Jan 00:00 IST: next week
        booking({ id: 14, status: 'proposed', startsAt: null, endsAt: null }),
      ],
      [at(15, '2027-01-10T18:29:00Z', '2027-01-10T18:30:00Z', { status: 'cancelled' })], // Sun 10 Jan 23:59 IST
    )
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    await screen.findByText('Mon, 11 Jan, 17:00–18:00 IST')
    await user.click(screen.getByRole('button', { name: 'Week' }))
    expect(currentSearch()).toBe('?view=week&week=2027-01-11')
    const grid = await screen.findByTestId('week-grid')
    const days = within(grid)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-day'))
    expect(days.map((day) => day.getAttribute('data-day'))).toEqual([
      '2027-01-11',
      '2027-01-12',
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
      '2027-01-16',
      '2027-01-17',
    ])
    expect(days[0]).toHaveAttribute('aria-current', 'date')
    expect(within(days[0]!).getByText('Today')).toBeInTheDocument()
    expect(within(days[0]!).getByRole('link', { name: /17:00–18:00.*Ravi Kumar/ })).toHaveAttribute(
      'href',
      '/bookings/11',
    )
    expect(within(days[6]!).getByRole('link', { name: /23:30–23:59/ })).toHaveAttribute('href', '/bookings/12')
    expect(within(grid).getAllByRole('link')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    expect(currentSearch()).toBe('?view=week&week=2027-01-18')
    expect(await screen.findByText('Mon, 18 Jan – Sun, 24 Jan', { selector: 'h2' })).toBeInTheDocument()
    expect(within(screen.getByTestId('week-grid')).getByRole('link', { name: /00:00–01:00/ })).toHaveAttribute(
      'href',
      '/bookings/13',
    )
    expect(screen.queryByText('Today')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    expect(currentSearch()).toBe('?view=week&week=2027-01-04')
    const before = within(screen.getByTestId('week-grid'))
    expect(before.getByRole('link', { name: /23:59–00:00.*Cancelled/ })).toHaveAttribute('href', '/bookings/15')
    await user.click(screen.getByRole('button', { name: 'This week' }))
    expect(currentSearch()).toBe('?view=week&week=2027-01-11')

    await user.click(within(screen.getByTestId('week-grid')).getByRole('link', { name: /17:00–18:00/ }))
    await waitFor(() => expect(currentPath()).toBe('/bookings/11'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo class with Ravi Kumar' })).toBeInTheDocument()
  })

  it("opens on the address's week (any day of it) and goes back to the list", async () => {
    serveLists([at(21, '2026-12-09T04:30:00Z', '2026-12-09T05:30:00Z')])
    signInAs(TUTOR)
    const { user } = renderApp('/classes?view=week&week=2026-12-10')
    expect(await screen.findByText('Mon, 7 Dec – Sun, 13 Dec', { selector: 'h2' })).toBeInTheDocument()
    const grid = within(await screen.findByTestId('week-grid'))
    expect(grid.getByRole('link', { name: /10:00–11:00.*Asha V\./ })).toHaveAttribute('href', '/bookings/21')
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(currentSearch()).toBe('')
    expect(await screen.findByRole('button', { name: 'Upcoming' })).toBeInTheDocument()
  })

  it('reads in Hindi', async () => {
    serveLists([])
    signInAs({ id: 7, role: 'parent', language: 'hi' })
    await setLanguage('hi')
    renderApp('/classes?view=week&week=2026-12-07')
    expect(await screen.findByText('इस हफ़्ते कोई कक्षा नहीं है।')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'अगला हफ़्ता' })).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { setLanguage } from '@/lib/i18n'
import { booking } from '@/test/bookings'
import { apiError } from '@/test/http'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Tutor = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>

const TUTOR = {
  id: 42,
  fullname: 'Ravi Kumar',
  email: 'ravi@example.com',
  subscriptionActive: true,
  approved: false,
  featured: false,
  verified: false,
  verification: null,
  about: '',
  subjects: '',
  availability: '',
  methodology: '',
  testimonials: '',
  education: '',
  fees: '',
  demoOffer: '',
  ratingAverage: null,
  ratingCount: 0,
  rating: null,
  reviewCount: 0,
  ratingCounts: [0, 0, 0, 0, 0],
  canMessage: true,
  canReview: false,
  reviewOpensAt: null,
} as Tutor

/** The tutor's profile with Monday 11 Jan 2027 17:00–20:00 IST free; what bookings were sent. */
function serveProfile(answer?: () => Response) {
  const sent: unknown[] = []
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(TUTOR)),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json([])),
    http.get('*/api/chat/blocks', () => HttpResponse.json([])),
    http.get('*/api/tutors/:id/availability', () =>
      HttpResponse.json({
        free: [{ start: '2027-01-11T11:30:00Z', end: '2027-01-11T14:30:00Z' }],
        from: '2027-01-10T00:00:00Z',
        timeZone: 'Asia/Kolkata',
        weeks: 2,
        lateCancellations: 1,
      }),
    ),
    http.post('*/api/bookings', async ({ request }) => {
      sent.push(await request.json())
      return answer ? answer() : HttpResponse.json(booking(), { status: 201 })
    }),
  )
  return sent
}

async function openDialog() {
  const rendered = renderApp('/tutor/42')
  const available = await screen.findByTestId('available-summary')
  await rendered.user.click(within(available).getByRole('button', { name: 'Book a demo class with Ravi Kumar' }))
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Book a demo class with Ravi Kumar' }) }
}

describe('booking a demo class', () => {
  it("books one of the tutor's free times, at a quarter hour, for the chosen length", async () => {
    const sent = serveProfile()
    signInAs({ id: 7, role: 'parent' })
    const { user, dialog } = await openDialog()
    const inside = within(dialog)
    expect(await inside.findByText('This tutor has cancelled 1 class less than 3 hours before it.')).toBeInTheDocument()
    expect(inside.getByRole('button', { name: /Mon, 11 Jan/ })).toHaveAttribute('aria-pressed', 'true')
    const start = inside.getByRole('combobox', { name: /Start time/ })
    // An hour fits from 17:00 to 19:00 in a 17:00–20:00 window.
    expect(
      within(start)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a start time',
      ...['17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45', '19:00'],
    ])
    await user.click(inside.getByRole('button', { name: 'Request demo class' }))
    expect(await inside.findByText('Choose a day and a start time.')).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.click(inside.getByRole('button', { name: '90 min' }))
    await user.selectOptions(start, '18:15')
    await user.type(inside.getByRole('textbox', { name: /Note for the tutor/ }), 'Class 8 maths')
    await user.click(inside.getByRole('button', { name: 'Request demo class' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      tutorId: 42,
      mode: 'slot',
      times: [{ startsAt: '2027-01-11T12:45:00Z', endsAt: '2027-01-11T14:15:00Z' }],
      note: 'Class 8 maths',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("proposes the parent's own times and shows the server's refusal under the time it names", async () => {
    const sent = serveProfile(() =>
      apiError(422, {
        message: 'A demo lies within 06:00–22:00 IST.',
        code: 'validation',
        fields: { 'times[1].startsAt': 'A demo lies within 06:00–22:00 IST.' },
      }),
    )
    signInAs({ id: 7, role: 'parent' })
    const { user, dialog } = await openDialog()
    const inside = within(dialog)
    await user.click(await inside.findByRole('button', { name: 'None of these fits? Propose up to three times' }))
    await user.click(inside.getByRole('button', { name: 'Add another time' }))
    const first = within(inside.getByRole('group', { name: 'Time 1' }))
    const second = within(inside.getByRole('group', { name: 'Time 2' }))
    await user.type(first.getByLabelText(/Date/), '2027-01-13')
    await user.type(first.getByLabelText(/Time \(IST\)/), '18:30')
    await user.type(second.getByLabelText(/Date/), '2027-01-14')
    await user.type(second.getByLabelText(/Time \(IST\)/), '22:30')
    await user.click(inside.getByRole('button', { name: 'Request demo class' }))
    expect(await second.findByText('A demo lies within 06:00–22:00 IST.')).toBeInTheDocument()
    expect(inside.getByRole('alert')).toHaveTextContent('Please correct the marked fields.')
    expect(sent).toEqual([
      {
        tutorId: 42,
        mode: 'propose',
        times: [
          { startsAt: '2027-01-13T13:00:00Z', endsAt: '2027-01-13T14:00:00Z' },
          { startsAt: '2027-01-14T17:00:00Z', endsAt: '2027-01-14T18:00:00Z' },
        ],
      },
    ])
  })

  it('sends a visitor to log in first', async () => {
    serveProfile()
    const { user } = renderApp('/tutor/42')
    const available = await screen.findByTestId('available-summary')
    await user.click(within(available).getByRole('button', { name: 'Book a demo class with Ravi Kumar' }))
    await waitFor(() => expect(currentPath()).toBe('/login'))
    expect(await screen.findByText('Please log in as a parent to book a demo class.')).toBeInTheDocument()
  })

  it('is not offered to a tutor', async () => {
    serveProfile()
    signInAs({ id: 43, role: 'tutor', email: 'other@example.com' })
    renderApp('/tutor/42')
    await screen.findByTestId('available-summary')
    expect(screen.queryByRole('button', { name: /Book a demo class/ })).not.toBeInTheDocument()
  })
})

describe('My classes', () => {
  function serveClasses(upcoming: ReturnType<typeof booking>[], past: ReturnType<typeof booking>[] = []) {
    const actions: { path: string; body: unknown }[] = []
    server.use(
      http.get('*/api/bookings', ({ request }) =>
        HttpResponse.json({ bookings: new URL(request.url).searchParams.get('when') === 'past' ? past : upcoming }),
      ),
      http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: upcoming.length, awaitingMe: 1 })),
      http.post('*/api/bookings/:id/:action', async ({ request, params }) => {
        actions.push({ path: `${params.id}/${params.action}`, body: await request.json() })
        return HttpResponse.json(booking({ status: 'confirmed', awaiting: null }))
      }),
    )
    return actions
  }

  it('lets a tutor accept one of the proposed times, and shows the count in the navigation', async () => {
    const proposed = booking({
      status: 'proposed',
      startsAt: null,
      endsAt: null,
      subject: 'Mathematics',
      place: 'Lajpat Nagar, South Delhi',
      note: 'Class 8',
      proposals: [
        { startsAt: '2027-01-12T11:30:00Z', endsAt: '2027-01-12T12:30:00Z' },
        { startsAt: '2027-01-13T03:30:00Z', endsAt: '2027-01-13T04:30:00Z' },
      ],
      parentLateCancellations: 2,
    })
    const actions = serveClasses([proposed])
    signInAs({ id: 42, role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    const { user } = renderApp('/classes')
    const card = within(await screen.findByTestId('booking-5'))
    expect(card.getByText('Times proposed')).toBeInTheDocument()
    expect(card.getByText('Tue, 12 Jan, 17:00–18:00')).toBeInTheDocument()
    expect(card.getByText('With Asha V. (parent)')).toBeInTheDocument()
    expect(card.getByText('Subject: Mathematics')).toBeInTheDocument()
    expect(card.getByText('Place: Lajpat Nagar, South Delhi')).toBeInTheDocument()
    expect(card.getByText('The parent has 2 late cancellations')).toBeInTheDocument()
    expect(card.getByText('Waiting for your answer')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(await within(nav).findByRole('link', { name: /My classes.*1 upcoming class/ })).toBeInTheDocument()

    await user.click(card.getByRole('button', { name: 'Accept' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept the demo class' }))
    await user.click(dialog.getByRole('button', { name: 'Accept' }))
    expect(await dialog.findByText('Choose a time.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Wed, 13 Jan, 09:00–10:00' }))
    await user.click(dialog.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(actions).toEqual([{ path: '5/accept', body: { startsAt: '2027-01-13T03:30:00Z' } }]))
  })

  it('lets a parent cancel with a note, and marks a past late cancellation', async () => {
    const upcoming = booking({ status: 'confirmed', awaiting: null })
    const late = booking({
      id: 6,
      status: 'cancelled',
      awaiting: null,
      cancelledBy: 'tutor',
      cancelNote: 'Unwell',
      lateCancellation: true,
      tutorLateCancellations: 1,
    })
    const actions = serveClasses([upcoming], [late])
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    const card = within(await screen.findByTestId('booking-5'))
    expect(card.getByText('Mon, 11 Jan, 17:00–18:00 IST')).toBeInTheDocument()
    expect(card.getByText('Confirmed')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Cancel class' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel the class' }))
    await user.type(dialog.getByRole('textbox', { name: /Note to the other side/ }), 'Exams')
    await user.click(dialog.getByRole('button', { name: 'Cancel class' }))
    await waitFor(() => expect(actions).toEqual([{ path: '5/cancel', body: { note: 'Exams' } }]))

    await user.click(screen.getByRole('button', { name: 'Past' }))
    const past = within(await screen.findByTestId('booking-6'))
    expect(past.getByText('Late cancellation')).toBeInTheDocument()
    expect(past.getByText('Cancelled by the tutor: Unwell')).toBeInTheDocument()
    expect(past.getByText('The tutor has 1 late cancellation')).toBeInTheDocument()
    expect(past.queryByRole('button')).not.toBeInTheDocument()
  })

  it("links My classes with the upcoming count in the phone drawer, and shows a parent's empty list", async () => {
    serveClasses([])
    server.use(http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: 3, awaitingMe: 0 })))
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    expect(await screen.findByText('No upcoming classes.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = within(await screen.findByRole('navigation', { name: 'Menu' }))
    const link = await menu.findByRole('link', { name: /My classes.*3 upcoming classes/ })
    expect(link).toHaveAttribute('aria-current', 'page')
  })

  it('reads in Hindi', async () => {
    serveClasses([booking()])
    signInAs({ id: 7, role: 'parent', language: 'hi' })
    await setLanguage('hi')
    renderApp('/classes')
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी कक्षाएँ' })).toBeInTheDocument()
    const card = within(await screen.findByTestId('booking-5'))
    expect(card.getByText('अनुरोध भेजा गया')).toBeInTheDocument()
    expect(card.getByText('Ravi Kumar (ट्यूटर) के साथ')).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'कक्षा रद्द करें' })).toBeInTheDocument()
  })
})

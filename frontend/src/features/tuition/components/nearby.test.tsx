import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { apiError } from '@/test/http'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { LAJPAT_NAGAR } from '@/test/places'
import { server } from '@/test/server'
import { ASHA_CONTACT, makeNearby } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

/** Records every nearby call's query and answers with `results`. */
function nearbyServer(results = [makeNearby()]) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('*/api/tuition/nearby', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json(results)
    }),
  )
  return queries
}

function subscribedTutor() {
  return signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
}

describe('nearby requests for tutors (SPEC §2, §4)', () => {
  for (const path of ['/nearby', '/dashboard']) {
    it(`${path}: a tutor without a subscription sees the prompt and nothing is asked`, async () => {
      signInAs({ role: 'tutor', subscriptionActive: false })
      const queries = nearbyServer()
      renderApp(path)
      expect(await screen.findByRole('heading', { name: 'Subscribe to find students' })).toBeInTheDocument()
      const prompt = screen.getByRole('region', { name: 'Subscribe to find students' })
      expect(within(prompt).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe')
      // The teaching area, the one thing a search waits for, has been answered and shown (none saved):
      // a search would have been asked by now.
      expect(await within(prompt).findByRole('link', { name: 'Save your teaching area' })).toBeInTheDocument()
      expect(queries).toHaveLength(0)
      expect(screen.queryByText('Physics')).not.toBeInTheDocument()
    })
  }

  it('asks around the default centre within 10 km and lists the results with distance, without contacts', async () => {
    subscribedTutor()
    const queries = nearbyServer()
    renderApp('/nearby')
    const list = await screen.findByRole('list', { name: 'Nearby requests' })
    const first = within(list).getAllByRole('listitem')[0]
    expect(first).toHaveTextContent('Physics')
    expect(first).toHaveTextContent('Class 12')
    expect(first).toHaveTextContent('Weekends')
    expect(first).toHaveTextContent('1.3 km')
    expect(first).toHaveTextContent('Asha')
    expect(first).toHaveTextContent('Their phone and e-mail appear once you say you are interested.')
    expect(first).not.toHaveTextContent('asha@example.com')
    expect(first).not.toHaveTextContent('9876543210')
    expect(within(first).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('10')
    expect(
      Array.from(screen.getByRole('combobox', { name: 'Distance' }).querySelectorAll('option'), (o) => o.value),
    ).toEqual(['2', '5', '10', '15', '20', '25'])
    expect(queries[0]?.get('coordinates')).toBe('[77.209,28.6139]')
    expect(queries[0]?.get('radiusKm')).toBe('10')
    expect(queries[0]?.has('subject')).toBe(false)
    // The results are on the map too.
    const map = screen.getByRole('region', { name: 'Map of nearby tuition requests' })
    expect(within(map).getByText('Physics, Class 12 (approximate location)')).toBeInTheDocument()
  })

  it('passes the distance and the subject, class, board and mode ids to the server', async () => {
    subscribedTutor()
    const queries = nearbyServer()
    const { user } = renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    await screen.findByRole('option', { name: 'Mathematics' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '5')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Class 1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'Physics')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Board' }), 'CBSE')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Online')
    await waitFor(() => {
      const last = queries[queries.length - 1]
      expect(last?.get('radiusKm')).toBe('5')
      // By id: 'Class 1' never matches 'Class 10'.
      expect(last?.get('classId')).toBe('class-1')
      expect(last?.get('subjectId')).toBe('physics')
      expect(last?.get('board')).toBe('cbse')
      expect(last?.get('mode')).toBe('online')
    })
    expect(queries.some((q) => q.has('subject') || q.has('classLevel'))).toBe(false)
    // A click on the results map searches around that point, named by the place it lies in.
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    await waitFor(() => expect(queries[queries.length - 1]?.get('coordinates')).toBe('[77.215,28.62]'))
    await waitFor(() =>
      expect(screen.getByTestId('search-centre')).toHaveTextContent(
        'Searching around the point you chose on the map (Connaught Place, New Delhi) · 5 km',
      ),
    )
  })

  it("moves the search to a place found by name: 'Searching around Lajpat Nagar, South Delhi · 10 km'", async () => {
    subscribedTutor()
    const queries = nearbyServer([
      {
        ...makeNearby({ subject: 'Maths', classLevel: '8th' }),
        subjectId: 'maths',
        classId: 'class-8',
        board: 'icse',
        mode: 'home',
        placeName: 'Lajpat Nagar, South Delhi',
      } as ReturnType<typeof makeNearby>,
      // From a server that does not send placeName: the approximate point is named on the client.
      makeNearby({ id: 22, subject: 'Chemistry' }),
    ])
    const { user } = renderApp('/nearby')
    const list = await screen.findByRole('list', { name: 'Nearby requests' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(await within(first).findByRole('heading', { name: 'Mathematics' })).toBeInTheDocument()
    expect(first).toHaveTextContent('Class: Class 8')
    expect(first).toHaveTextContent('Board: ICSE / ISC')
    expect(first).toHaveTextContent('Mode: At home')
    expect(first).toHaveTextContent('Area: near Lajpat Nagar, South Delhi')
    await waitFor(() => expect(second).toHaveTextContent('Area: near Connaught Place, New Delhi'))
    expect(list).not.toHaveTextContent(/\d+\.\d{3}/)

    await user.type(screen.getByRole('combobox', { name: 'Search around' }), 'Lajpat')
    await user.click(await screen.findByRole('option', { name: LAJPAT_NAGAR.label }))
    expect(screen.getByTestId('search-centre')).toHaveTextContent('Searching around Lajpat Nagar, South Delhi · 10 km')
    await waitFor(() => expect(queries[queries.length - 1]?.get('coordinates')).toBe('[77.2432,28.5677]'))
    expect(screen.getByRole('region', { name: 'Map of nearby tuition requests' })).toHaveAttribute(
      'data-circle',
      '28.5677,77.2432,10',
    )
  })

  it("shows the parent's contacts from the answer to 'I'm interested', then Interested", async () => {
    subscribedTutor()
    nearbyServer()
    const posted: string[] = []
    server.use(
      http.post('*/api/tuition/:id/interested', ({ params }) => {
        posted.push(String(params.id))
        return HttpResponse.json({ message: 'Interest recorded.', contact: ASHA_CONTACT })
      }),
    )
    const { user } = renderApp('/nearby')
    const item = (await screen.findAllByTestId('nearby-request'))[0]!
    expect(within(item).queryByTestId('parent-contact')).not.toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: "I'm interested in Physics" }))
    const done = await screen.findByRole('button', { name: 'Interested in Physics' })
    expect(done).toBeDisabled()
    expect(done).toHaveTextContent('Interested')
    expect(posted).toEqual(['21'])
    const contact = within(item).getByTestId('parent-contact')
    expect(contact).toHaveTextContent('Asha Verma')
    expect(within(contact).getByRole('link', { name: 'Call Asha Verma on 9876543210' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    )
    expect(within(contact).getByRole('link', { name: 'E-mail Asha Verma at asha@example.com' })).toHaveAttribute(
      'href',
      'mailto:asha@example.com',
    )
    // The Message button stays, now with the full name.
    expect(within(item).getByRole('button', { name: 'Message Asha Verma about Physics' })).toBeInTheDocument()
  })

  it('shows the contacts the nearby results carry for requests already marked (after a reload)', async () => {
    subscribedTutor()
    nearbyServer([makeNearby({ interested: true, contact: ASHA_CONTACT }), makeNearby({ id: 22, subject: 'Biology' })])
    renderApp('/nearby')
    const [marked, other] = await screen.findAllByTestId('nearby-request')
    expect(within(marked!).getByRole('button', { name: 'Interested in Physics' })).toBeDisabled()
    expect(within(marked!).getByRole('link', { name: 'Call Asha Verma on 9876543210' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    )
    expect(within(marked!).getByRole('link', { name: 'E-mail Asha Verma at asha@example.com' })).toBeInTheDocument()
    expect(within(other!).queryByTestId('parent-contact')).not.toBeInTheDocument()
    expect(other).not.toHaveTextContent('asha@example.com')
  })

  it("says the server's message when today's limit of interests is reached, and shows no contacts", async () => {
    subscribedTutor()
    nearbyServer()
    const limit = "You have reached today's limit of interests. Try again tomorrow."
    server.use(
      http.post('*/api/tuition/:id/interested', () => apiError(429, { message: limit, code: 'interest_limit' })),
    )
    const { user } = renderApp('/nearby')
    await user.click(await screen.findByRole('button', { name: "I'm interested in Physics" }))
    expect(await screen.findByText(limit)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "I'm interested in Physics" })).toBeEnabled()
    expect(screen.queryByTestId('parent-contact')).not.toBeInTheDocument()
  })

  it('opens a chat with the parent about the request', async () => {
    subscribedTutor()
    nearbyServer()
    const asked: string[] = []
    server.use(
      http.get('*/api/messages', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json([])
      }),
      http.post('*/api/messages/read', () => new HttpResponse(null, { status: 204 })),
    )
    const { user } = renderApp('/nearby')
    await user.click(await screen.findByRole('button', { name: 'Message Asha about Physics' }))
    expect(await screen.findByRole('dialog', { name: 'Chat with Asha' })).toBeInTheDocument()
    // The dialog loads the conversation with that parent.
    await waitFor(() => expect(asked).toEqual([`?userId=${makeNearby().parent.id}`]))
  })

  it("says 'Failed to send interest' and 'Failed to fetch nearby requests' without a server message", async () => {
    subscribedTutor()
    nearbyServer()
    server.use(http.post('*/api/tuition/:id/interested', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/nearby')
    await user.click(await screen.findByRole('button', { name: "I'm interested in Physics" }))
    expect(await screen.findByText('Failed to send interest')).toBeInTheDocument()

    server.use(http.get('*/api/tuition/nearby', () => new HttpResponse(null, { status: 500 })))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '2')
    expect(await screen.findByText('Failed to fetch nearby requests')).toBeInTheDocument()
  })

  it('shows the prompt when the server says the subscription is not active', async () => {
    subscribedTutor()
    server.use(
      http.get('*/api/tuition/nearby', () =>
        apiError(403, { message: 'Subscribe to see nearby requests.', code: 'subscription_required' }),
      ),
    )
    renderApp('/nearby')
    expect(await screen.findByRole('heading', { name: 'Subscribe to find students' })).toBeInTheDocument()
    expect(screen.getByText('Subscribe to see nearby requests.')).toBeInTheDocument()
  })
})

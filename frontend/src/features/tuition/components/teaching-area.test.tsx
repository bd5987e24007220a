import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { apiError, areaNotSet, type Body } from '@/test/http'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeNearby } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

const SAVED: Body<'TutorAreaDto'> = {
  location: [77.1, 28.5],
  radiusKm: 15,
  subjects: ['Physics'],
  classes: [],
  updatedAt: '2026-11-20T10:00:00Z',
}

/** GET and PUT /tutors/me/area over one stored area (none at first unless `initial`). */
function areaServer(initial: typeof SAVED | null = null) {
  let area = initial
  const puts: unknown[] = []
  server.use(
    http.get('*/api/tutors/me/area', () => (area ? HttpResponse.json<Body<'TutorAreaDto'>>(area) : areaNotSet())),
    http.put('*/api/tutors/me/area', async ({ request }) => {
      const body = (await request.json()) as Body<'AreaBody'>
      puts.push(body)
      area = { ...body, subjects: body.subjects ?? [], classes: body.classes ?? [], updatedAt: '2026-11-24T10:00:00Z' }
      return HttpResponse.json<Body<'TutorAreaDto'>>(area)
    }),
  )
  return puts
}

describe("a tutor's teaching area on /profile (issue 19)", () => {
  it('needs a point on the map, then saves the point, radius, subjects and classes and says Saved', async () => {
    signInAs({ role: 'tutor' })
    const puts = areaServer()
    const { user } = renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Teaching area' })
    const save = await within(section).findByRole('button', { name: 'Save teaching area' })
    await user.click(save)
    expect(await within(section).findByText('Please select location on the map.')).toBeInTheDocument()
    expect(puts).toHaveLength(0)

    await user.click(within(section).getByRole('button', { name: 'Click on the map' }))
    const radius = within(section).getByRole('combobox', { name: 'How far you travel' })
    expect(radius).toHaveValue('10')
    await user.selectOptions(radius, '25')
    // The radius is drawn round the chosen point.
    expect(within(section).getByRole('region', { name: /Location map/ })).toHaveAttribute(
      'data-circle',
      '28.62,77.215,25',
    )
    const subjects = within(section).getByRole('textbox', { name: 'Subjects you teach' })
    await user.type(subjects, '  Mathematics {Enter}')
    await user.type(subjects, 'mathematics{Enter}')
    await user.type(subjects, 'Physics,')
    await user.type(within(section).getByRole('textbox', { name: 'Classes you teach' }), 'Class 10{Enter}')
    const tags = within(section).getByRole('list', { name: 'Subjects' })
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mathematics', 'Physics'])
    await user.click(within(section).getByRole('button', { name: 'Remove Physics' }))

    await user.click(save)
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved')
    expect(puts).toEqual([
      { location: [77.215, 28.62], radiusKm: 25, subjects: ['Mathematics'], classes: ['Class 10'] },
    ])
    // A change takes 'Saved' away until the next save.
    await user.selectOptions(radius, '5')
    expect(within(section).queryByText('Saved')).not.toBeInTheDocument()
  })

  it("shows the server's refusal beside the field it names", async () => {
    signInAs({ role: 'tutor' })
    areaServer(SAVED)
    server.use(
      http.put('*/api/tutors/me/area', () =>
        apiError(400, {
          code: 'validation',
          message: 'Please check the form.',
          fields: { 'subjects[0]': 'Too long.' },
        }),
      ),
    )
    const { user } = renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Teaching area' })
    // The saved area fills the form.
    await waitFor(() => expect(within(section).getByRole('combobox', { name: 'How far you travel' })).toHaveValue('15'))
    expect(within(section).getByRole('list', { name: 'Subjects' })).toHaveTextContent('Physics')
    expect(within(section).getByTestId('selected-location')).toHaveTextContent('28.50000, 77.10000')
    await user.click(within(section).getByRole('button', { name: 'Save teaching area' }))
    expect(await within(section).findByText('Too long.')).toBeInTheDocument()
    expect(within(section).getByText('Please check the form.')).toBeInTheDocument()
  })

  it('is not offered to a parent', async () => {
    signInAs({ role: 'parent' })
    renderApp('/profile')
    await screen.findByRole('heading', { name: 'Notifications' })
    expect(screen.queryByRole('region', { name: 'Teaching area' })).not.toBeInTheDocument()
  })
})

describe('/nearby starts from the saved area (issue 19)', () => {
  function subscribedTutor() {
    return signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
  }

  it('searches around the saved centre and radius, named in words', async () => {
    subscribedTutor()
    areaServer(SAVED)
    const queries: URLSearchParams[] = []
    server.use(
      http.get('*/api/tuition/nearby', ({ request }) => {
        queries.push(new URL(request.url).searchParams)
        return HttpResponse.json([makeNearby()])
      }),
    )
    renderApp('/nearby')
    expect(await screen.findByTestId('search-centre')).toHaveTextContent('Searching around your teaching area · 15 km')
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('15')
    await waitFor(() => expect(queries.length).toBeGreaterThan(0))
    expect(queries[0]?.get('coordinates')).toBe('[77.1,28.5]')
    expect(queries[0]?.get('radiusKm')).toBe('15')
    expect(screen.queryByTestId('area-prompt')).not.toBeInTheDocument()
  })

  it('without a saved area, uses the default centre and asks to save one', async () => {
    subscribedTutor()
    const { user } = renderApp('/nearby')
    const prompt = await screen.findByRole('link', {
      name: 'Save your teaching area to get alerts for new requests near you',
    })
    expect(prompt).toHaveAttribute('href', '/profile')
    expect(screen.getByTestId('search-centre')).toHaveTextContent('Searching around the map centre (New Delhi) · 10 km')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    expect(screen.getByTestId('search-centre')).toHaveTextContent('Searching around the point you chose on the map')
  })

  it('?request= marks the request an alert linked to', async () => {
    subscribedTutor()
    server.use(
      http.get('*/api/tuition/nearby', () =>
        HttpResponse.json([makeNearby({ id: 21 }), makeNearby({ id: 22, subject: 'Chemistry' })]),
      ),
    )
    renderApp('/nearby?request=22')
    const list = await screen.findByRole('list', { name: 'Nearby requests' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(second).toHaveAttribute('aria-current', 'true')
    expect(second).toHaveTextContent('From your alert')
    expect(first).not.toHaveAttribute('aria-current')
  })

  it('an unsubscribed tutor sees how many requests are in the area, or the prompt to save one', async () => {
    signInAs({ role: 'tutor', subscriptionActive: false })
    server.use(
      http.get('*/api/tuition/nearby/count', () =>
        HttpResponse.json<Body<'NearbyCountDto'>>({ count: 12, radiusKm: 10 }),
      ),
    )
    renderApp('/dashboard')
    expect(await screen.findByTestId('nearby-count')).toHaveTextContent('12 requests within 10 km of you')
  })

  it('an unsubscribed tutor without an area is asked to save one', async () => {
    signInAs({ role: 'tutor', subscriptionActive: false })
    server.use(http.get('*/api/tuition/nearby/count', () => areaNotSet()))
    renderApp('/nearby')
    const line = await screen.findByTestId('nearby-count')
    expect(line).toHaveTextContent('Save your teaching area to see how many requests are near you.')
    expect(within(line).getByRole('link', { name: 'Save your teaching area' })).toHaveAttribute('href', '/profile')
  })
})

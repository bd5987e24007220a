import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { apiError, areaNotSet, type Body } from '@/test/http'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { CONNAUGHT_PLACE } from '@/test/places'
import { server } from '@/test/server'
import { makeNearby } from '@/test/tuition'
import { VOCABULARY } from '@/test/vocabulary'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

/** A saved area: Physics within 15 km, nothing else said. */
const SAVED: Body<'TutorAreaDto'> = {
  location: [77.1, 28.5],
  radiusKm: 15,
  subjects: [{ id: 'physics', label: 'Physics' }],
  classes: [],
  boards: [],
  modes: [],
  updatedAt: '2026-11-20T10:00:00Z',
  profileMissing: [],
}

/** The server's answer: each entry a term ({id: 'other', label} for free text), with boards, modes and the place name. */
function asTerms(facet: keyof typeof VOCABULARY, entries: string[] = []) {
  return entries.map((entry) => {
    const term = VOCABULARY[facet].find((t) => t.id === entry)
    return term ? { id: term.id, label: term.label } : { id: 'other', label: entry }
  })
}

type AreaBodyV2 = Body<'AreaBody'> & { boards?: string[]; modes?: string[] }

/** GET and PUT /tutors/me/area over one stored area (none at first unless `initial`); PUT answers in terms. */
function areaServer(initial: object | null = null) {
  let area = initial
  const puts: unknown[] = []
  server.use(
    http.get('*/api/tutors/me/area', () => HttpResponse.json(area)),
    http.put('*/api/tutors/me/area', async ({ request }) => {
      const body = (await request.json()) as AreaBodyV2
      puts.push(body)
      area = {
        location: body.location,
        radiusKm: body.radiusKm,
        subjects: asTerms('subjects', body.subjects),
        classes: asTerms('classes', body.classes),
        boards: asTerms('boards', body.boards),
        modes: asTerms('modes', body.modes),
        placeName: 'Connaught Place, New Delhi',
        updatedAt: '2026-11-24T10:00:00Z',
        profileMissing: [],
      }
      return HttpResponse.json(area)
    }),
  )
  return puts
}

describe("a tutor's teaching area on /profile", () => {
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
    await within(section).findByRole('option', { name: 'Mathematics' })
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Add to subjects' }), 'Mathematics')
    const other = within(section).getByRole('textbox', { name: 'Other subjects' })
    // Free text that names a term is that term (no duplicate); the rest is kept as other.
    await user.type(other, '  maths {Enter}')
    await user.type(other, 'Vedic maths{Enter}')
    await user.type(other, 'Abacus,')
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Add to classes' }), 'Class 10')
    await user.click(within(section).getByRole('checkbox', { name: 'CBSE' }))
    await user.click(within(section).getByRole('checkbox', { name: 'Online' }))
    const tags = within(section).getByRole('list', { name: 'Subjects' })
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mathematics', 'Vedic maths', 'Abacus'])
    await user.click(within(section).getByRole('button', { name: 'Remove Abacus' }))

    await user.click(save)
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved')
    expect(puts).toEqual([
      {
        location: [77.215, 28.62],
        radiusKm: 25,
        subjects: ['maths', 'Vedic maths'],
        classes: ['class-10'],
        boards: ['cbse'],
        modes: ['online'],
      },
    ])
    // The saved answer (terms, the place name) fills the form again.
    expect(within(section).getByTestId('area-summary')).toHaveTextContent(
      'Saved: around Connaught Place, New Delhi · 25 km',
    )
    expect(within(section).getByRole('checkbox', { name: 'CBSE' })).toBeChecked()
    expect(within(section).getByRole('list', { name: 'Subjects' })).toHaveTextContent('MathematicsVedic maths')
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
    // Named by the place it lies in, never coordinates.
    await waitFor(() =>
      expect(within(section).getByTestId('selected-location')).toHaveTextContent(
        'Selected location: Lajpat Nagar, South Delhi',
      ),
    )
    await user.click(within(section).getByRole('button', { name: 'Save teaching area' }))
    expect(await within(section).findByText('Too long.')).toBeInTheDocument()
    expect(within(section).getByText('Please check the form.')).toBeInTheDocument()
  })

  it('reads a saved area (terms, other text, boards, modes, place name) and moves the centre by place search', async () => {
    signInAs({ role: 'tutor' })
    const puts = areaServer({
      location: [77.2432, 28.5677],
      radiusKm: 10,
      subjects: [
        { id: 'maths', label: 'Mathematics' },
        { id: 'other', label: 'Vedic maths' },
      ],
      classes: [{ id: 'class-8', label: 'Class 8' }],
      boards: [{ id: 'icse', label: 'ICSE / ISC' }],
      modes: [],
      placeName: 'Lajpat Nagar, South Delhi',
      updatedAt: '2026-11-20T10:00:00Z',
      profileMissing: [],
    })
    const { user } = renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'Teaching area' })
    expect(await within(section).findByTestId('area-summary')).toHaveTextContent(
      'Saved: around Lajpat Nagar, South Delhi · 10 km',
    )
    const subjects = await within(section).findByRole('list', { name: 'Subjects' })
    expect(subjects).toHaveTextContent('MathematicsVedic maths')
    expect(within(section).getByRole('list', { name: 'Classes' })).toHaveTextContent('Class 8')
    expect(within(section).getByRole('checkbox', { name: 'ICSE / ISC' })).toBeChecked()
    expect(within(section).getByRole('checkbox', { name: 'At home' })).not.toBeChecked()

    await user.type(within(section).getByRole('combobox', { name: 'Search for where you teach' }), 'Conn')
    await user.click(await within(section).findByRole('option', { name: CONNAUGHT_PLACE.label }))
    expect(within(section).getByRole('region', { name: /Location map/ })).toHaveAttribute(
      'data-circle',
      '28.6315,77.2167,10',
    )
    await user.click(within(section).getByRole('button', { name: 'Save teaching area' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]).toEqual({
      location: [77.2167, 28.6315],
      radiusKm: 10,
      subjects: ['maths', 'Vedic maths'],
      classes: ['class-8'],
      boards: ['icse'],
      modes: [],
    })
  })

  it('is not offered to a parent', async () => {
    signInAs({ role: 'parent' })
    renderApp('/profile')
    await screen.findByRole('heading', { name: 'Notifications' })
    expect(screen.queryByRole('region', { name: 'Teaching area' })).not.toBeInTheDocument()
  })
})

describe('/nearby starts from the saved area', () => {
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
    expect(await screen.findByTestId('search-centre')).toHaveTextContent('Searching around your teaching area')
    // Named by the place the saved centre lies in (an older server sends no placeName).
    await waitFor(() =>
      expect(screen.getByTestId('search-centre')).toHaveTextContent(
        'Searching around your teaching area (Lajpat Nagar, South Delhi) · 15 km',
      ),
    )
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
    areaServer(SAVED)
    server.use(
      http.get('*/api/tuition/nearby/count', () =>
        HttpResponse.json<Body<'NearbyCountDto'>>({ count: 12, radiusKm: 10 }),
      ),
    )
    renderApp('/dashboard')
    expect(await screen.findByTestId('nearby-count')).toHaveTextContent('12 requests within 10 km of you')
  })

  it('an unsubscribed tutor without an area is asked to save one, and nothing is counted', async () => {
    signInAs({ role: 'tutor', subscriptionActive: false })
    let counted = 0
    server.use(
      http.get('*/api/tuition/nearby/count', () => {
        counted += 1
        return areaNotSet()
      }),
    )
    renderApp('/nearby')
    const line = await screen.findByTestId('nearby-count')
    expect(line).toHaveTextContent('Save your teaching area to see how many requests are near you.')
    expect(within(line).getByRole('link', { name: 'Save your teaching area' })).toHaveAttribute('href', '/profile')
    expect(counted).toBe(0)
  })

  it('a count refused for want of an area still asks for one', async () => {
    signInAs({ role: 'tutor', subscriptionActive: false })
    areaServer(SAVED)
    server.use(http.get('*/api/tuition/nearby/count', () => areaNotSet()))
    renderApp('/dashboard')
    expect(await screen.findByTestId('nearby-count')).toHaveTextContent('Save your teaching area')
  })
})

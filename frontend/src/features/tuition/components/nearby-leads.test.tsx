import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Body } from '@/test/http'
import { setLanguage } from '@/lib/i18n'
import { inOneYear } from '@/test/payments'
import { currentSearch, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeNearby } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

// Leads that fit: the list keeps to the tutor's own subjects and classes unless turned off, is sorted
// by distance or newest, both kept in the address, and the filters show how many each choice finds.

const AREA: Body<'TutorAreaDto'> = {
  location: [77.2432, 28.5677],
  radiusKm: 10,
  subjects: [{ id: 'maths', label: 'Mathematics' }],
  classes: [{ id: 'class-10', label: 'Class 10' }],
  boards: [],
  modes: [],
  placeName: 'Lajpat Nagar, South Delhi',
  updatedAt: '2026-11-20T10:00:00Z',
  profileMissing: [],
}

function tutorWith(area: Body<'TutorAreaDto'> | null) {
  signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
  const queries: URLSearchParams[] = []
  const counted: URLSearchParams[] = []
  server.use(
    http.get('*/api/tutors/me/area', () => HttpResponse.json(area)),
    http.get('*/api/tuition/nearby', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json([makeNearby()])
    }),
    http.get('*/api/tuition/nearby/facets', ({ request }) => {
      counted.push(new URL(request.url).searchParams)
      return HttpResponse.json<Body<'NearbyFacetsDto'>>({
        radiusKm: 10,
        all: 5,
        mine: 1,
        subjects: { maths: 2, physics: 3 },
        classes: { 'class-10': 2 },
      })
    }),
  )
  return { queries, counted }
}

const mineChip = () => screen.getByRole('button', { name: 'Only my subjects and classes' })

describe("a tutor's leads that fit", { timeout: 30_000 }, () => {
  it('start with their own subjects and classes; the chip turns it off and on, kept in the address', async () => {
    const { queries } = tutorWith(AREA)
    const { user } = renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    expect(queries[0]?.get('mine')).toBe('true')
    expect(queries[0]?.has('sort')).toBe(false)
    expect(mineChip()).toHaveAttribute('aria-pressed', 'true')
    expect(currentSearch()).toBe('')

    await user.click(mineChip())
    await waitFor(() => expect(currentSearch()).toBe('?mine=0'))
    expect(mineChip()).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => expect(queries[queries.length - 1]?.has('mine')).toBe(false))

    await user.click(mineChip())
    await waitFor(() => expect(currentSearch()).toBe(''))
    await waitFor(() => expect(queries[queries.length - 1]?.get('mine')).toBe('true'))
  })

  it('sort newest first from the filters, in the address and the summary', async () => {
    const { queries } = tutorWith(AREA)
    const { user } = renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('distance')
    await user.selectOptions(sort, 'Newest first')
    await waitFor(() => expect(currentSearch()).toBe('?sort=newest'))
    await waitFor(() => expect(queries[queries.length - 1]?.get('sort')).toBe('newest'))
    expect(await screen.findByText('1 request within 10 km, newest first.')).toBeInTheDocument()
  })

  it('a link (or a reload) keeps "every subject" and "newest first"', async () => {
    const { queries } = tutorWith(AREA)
    renderApp('/nearby?mine=0&sort=newest')
    await screen.findByRole('list', { name: 'Nearby requests' })
    expect(queries).toHaveLength(1)
    expect(queries[0]?.has('mine')).toBe(false)
    expect(queries[0]?.get('sort')).toBe('newest')
    expect(mineChip()).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest')
    expect(currentSearch()).toBe('?mine=0&sort=newest')
  })

  it('shows the counts of each choice once the tutor turns to the filters, asked with the same search', async () => {
    const { counted } = tutorWith(AREA)
    const { user } = renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    expect(counted).toHaveLength(0)
    await user.hover(screen.getByRole('region', { name: 'Search' }))
    expect(await screen.findByRole('option', { name: 'Physics (3)' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Mathematics (2)' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Class 10 (2)' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument()
    expect(screen.getByTestId('mine-count')).toHaveTextContent('1 of 5 here are for your subjects and classes')
    expect(counted[0]?.get('mine')).toBe('true')
    expect(counted[0]?.get('coordinates')).toBe('[77.2432,28.5677]')
  })

  it('a tutor with no subjects or classes saved gets everything and a link to add them', async () => {
    tutorWith({ ...AREA, subjects: [], classes: [] })
    renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    expect(screen.queryByRole('button', { name: 'Only my subjects and classes' })).not.toBeInTheDocument()
    const hint = screen.getByTestId('mine-hint')
    expect(
      within(hint).getByRole('link', { name: 'Add your subjects and classes to see the requests that fit you' }),
    ).toHaveAttribute('href', '/onboarding?step=subjects')
  })

  it('in Hindi', async () => {
    await setLanguage('hi')
    tutorWith(AREA)
    signInAs({ role: 'tutor', language: 'hi', subscriptionActive: true, subscriptionExpires: inOneYear() })
    renderApp('/nearby')
    expect(await screen.findByRole('button', { name: 'सिर्फ़ मेरे विषय और कक्षाएँ' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('combobox', { name: 'क्रम' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'सबसे नए पहले' })).toBeInTheDocument()
  })
})

import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { inOneYear } from '@/test/payments'
import { currentSearch, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeNearby } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

// The nearby search lives in the page's address: a link, a reload or Back shows the same search.

function nearbyServer() {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('*/api/tuition/nearby', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json([makeNearby()])
    }),
  )
  return queries
}

function subscribedTutor() {
  signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
}

describe("the nearby search in the page's address", () => {
  it('a link with filters, a distance and a place opens that search, named and chosen in the form', async () => {
    subscribedTutor()
    const queries = nearbyServer()
    renderApp('/nearby?subject=physics&class=class-1&km=5&from=place&lat=28.5677&lng=77.2433&near=Lajpat+Nagar')
    await screen.findByRole('list', { name: 'Nearby requests' })
    // The very first search is the linked one: nothing was asked around the default centre first.
    expect(queries).toHaveLength(1)
    expect(queries[0]?.get('subjectId')).toBe('physics')
    expect(queries[0]?.get('classId')).toBe('class-1')
    expect(queries[0]?.get('radiusKm')).toBe('5')
    expect(queries[0]?.get('coordinates')).toBe('[77.2433,28.5677]')
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('5')
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveValue('physics')
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('class-1')
    expect(screen.getByTestId('search-centre')).toHaveTextContent('Searching around Lajpat Nagar · 5 km')
  })

  it('each choice is written to the address, and clearing it takes it out again', async () => {
    subscribedTutor()
    nearbyServer()
    const { user } = renderApp('/nearby')
    await screen.findByRole('list', { name: 'Nearby requests' })
    await screen.findByRole('option', { name: 'Mathematics' })
    expect(currentSearch()).toBe('')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'Physics')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '20')
    await waitFor(() => expect(currentSearch()).toBe('?subject=physics&km=20'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '')
    await waitFor(() => expect(currentSearch()).toBe('?km=20'))
  })

  it('a filter the vocabulary does not have is never searched for and leaves the address', async () => {
    subscribedTutor()
    const queries = nearbyServer()
    renderApp('/nearby?subject=no-such-subject&mode=online')
    await screen.findByRole('list', { name: 'Nearby requests' })
    await waitFor(() => expect(currentSearch()).toBe('?mode=online'))
    expect(queries.length).toBeGreaterThan(0)
    expect(queries.every((q) => !q.has('subjectId') && q.get('mode') === 'online')).toBe(true)
  })
})

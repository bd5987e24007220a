import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Place, TutorCard, TutorSearchResult } from '@/api/discovery-types'
import { makeCard } from '@/test/discovery'
import { LAJPAT_NAGAR } from '@/test/places'
import { apiError } from '@/test/http'
import { currentPath, renderApp } from '@/test/render'
import { server } from '@/test/server'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

/** Serves /places and /tutors/search; records the search queries. */
function serveSearch(tutors: TutorCard[], { places = [LAJPAT_NAGAR], total = tutors.length } = {}) {
  const searches: URLSearchParams[] = []
  const lookups: string[] = []
  server.use(
    http.get('*/api/places', ({ request }) => {
      lookups.push(new URL(request.url).searchParams.get('q') ?? '')
      return HttpResponse.json<Place[]>(places)
    }),
    http.get('*/api/tutors/search', ({ request }) => {
      const params = new URL(request.url).searchParams
      searches.push(params)
      const page = Number(params.get('page') ?? 1)
      return HttpResponse.json<TutorSearchResult>({ tutors, total, page, pageSize: 20 })
    }),
  )
  return { searches, lookups }
}

describe('Tutor search (/tutors)', { timeout: 20_000 }, () => {
  it('resolves a shared link’s place and lists the tutors as cards with the search area on the map', async () => {
    const { searches, lookups } = serveSearch([
      makeCard(),
      makeCard({
        id: 43,
        fullname: 'Arjun Mehta',
        featured: true,
        verified: false,
        feePerHour: null,
        rating: null,
        reviewCount: 0,
        distanceKm: 4.04,
        photoUrl: '/api/uploads/arjun.jpg',
        verification: null,
      }),
    ])
    renderApp('/tutors?subject=maths&place=110024')

    const list = await screen.findByRole('list', { name: 'Tutors' })
    expect(lookups).toEqual(['110024'])
    expect(screen.getByRole('combobox', { name: 'Place' })).toHaveValue(LAJPAT_NAGAR.label)
    expect(screen.getByRole('heading', { name: `Mathematics tutors near ${LAJPAT_NAGAR.label}` })).toBeInTheDocument()
    const query = searches[0]
    expect(query?.get('location')).toBe('[77.2432,28.5677]')
    expect(query?.get('subject')).toBe('maths')
    expect(query?.get('radiusKm')).toBe('10')
    expect(query?.get('page')).toBe('1')

    const cards = within(list).getAllByRole('article')
    // The server's order, featured or not.
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Priya Sharma', 'Arjun Mehta'])
    const priya = cards[0]!
    expect(within(priya).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute('href', '/tutor/42')
    expect(within(priya).getByText('₹600/hour')).toBeInTheDocument()
    expect(within(priya).getByText('First class free')).toBeInTheDocument()
    expect(within(priya).getByText('Mathematics')).toBeInTheDocument()
    expect(within(priya).getByText('Class 8')).toBeInTheDocument()
    expect(within(priya).getByLabelText('Rated 4.6 out of 5 from 12 reviews')).toBeInTheDocument()
    expect(within(priya).getByText(/2\.1 km away/)).toBeInTheDocument()
    expect(within(priya).getByTestId('verification-badge')).toHaveTextContent(
      'Verified · ID ✓ · Qualification ✓ · checked 2 Dec 2026',
    )
    expect(within(priya).queryByText('Featured by HomeTutor')).not.toBeInTheDocument()
    expect(within(priya).getByText('PS')).toBeInTheDocument()

    const arjun = cards[1]!
    expect(within(arjun).getByText('Featured by HomeTutor')).toBeInTheDocument()
    expect(within(arjun).queryByText('Verified')).not.toBeInTheDocument()
    expect(within(arjun).queryByTestId('verification-badge')).not.toBeInTheDocument()
    expect(within(arjun).getByText(/4\.0 km away/)).toBeInTheDocument()
    expect(within(arjun).getByLabelText('No reviews yet')).toBeInTheDocument()
    expect(within(arjun).queryByTestId('tutor-fee')).not.toBeInTheDocument()
    expect(arjun.querySelector('img')).toHaveAttribute('src', '/api/uploads/arjun.jpg')
    // No contact details on a card.
    expect(list).not.toHaveTextContent('@')

    expect(screen.getByTestId('results-count')).toHaveTextContent('2 tutors within 10 km')
    const map = screen.getByRole('region', { name: /Map of the search area: within 10 km of Lajpat Nagar/ })
    expect(map).toHaveAttribute('data-circle', '28.5677,77.2432,10')
    expect(within(map).getByText(LAJPAT_NAGAR.label)).toBeInTheDocument()
    // Both tutors teach near the same locality: one numbered badge for them, at the place's point.
    expect(within(map).getByText('2 tutors near Lajpat Nagar, South Delhi')).toBeInTheDocument()
    expect(within(map).getAllByRole('listitem')).toHaveLength(2)
  })

  it('puts each locality’s tutors on the map once, and a tutor without a place nowhere', async () => {
    serveSearch([
      makeCard(),
      makeCard({
        id: 43,
        fullname: 'Arjun Mehta',
        placeName: 'Saket, South Delhi',
        placeLocation: [77.21, 28.52],
      }),
      makeCard({ id: 44, fullname: 'Meera Rao', placeName: null, placeLocation: null }),
    ])
    renderApp('/tutors?place=110024')
    await screen.findByRole('list', { name: 'Tutors' })
    const markers = within(screen.getByRole('list', { name: 'Map markers' }))
      .getAllByRole('listitem')
      .map((m) => m.textContent)
    expect(markers).toEqual([
      LAJPAT_NAGAR.label,
      'Priya Sharma, near Lajpat Nagar, South Delhi',
      'Arjun Mehta, near Saket, South Delhi',
    ])
  })

  it('names a link’s point by the place it lies in when the link carries no name', async () => {
    const { searches, lookups } = serveSearch([makeCard()])
    renderApp('/tutors?location=%5B77.2432%2C28.5677%5D')
    await screen.findByRole('list', { name: 'Tutors' })
    expect(searches[0]?.get('location')).toBe('[77.2432,28.5677]')
    expect(lookups).toEqual([])
    expect(await screen.findByRole('heading', { name: `Tutors near ${LAJPAT_NAGAR.label}` })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Place' })).toHaveValue(LAJPAT_NAGAR.label))
  })

  it('falls back to the default distance for a link with one the server refuses', async () => {
    const { searches } = serveSearch([makeCard()])
    renderApp('/tutors?place=110024&radiusKm=80')
    await screen.findByRole('list', { name: 'Tutors' })
    expect(searches[0]?.get('radiusKm')).toBe('10')
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('10')
  })

  it('puts a new search and every filter into the URL and searches again', async () => {
    const { searches } = serveSearch([makeCard()])
    const { user } = renderApp('/tutors?place=Lajpat%20Nagar')
    await screen.findByRole('list', { name: 'Tutors' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Fee up to' }), '800')
    await waitFor(() => expect(searches[searches.length - 1]?.get('maxFee')).toBe('800'))
    // The range's lower end offers only fees up to the upper one.
    const from = screen.getByRole('combobox', { name: 'Fee from' })
    expect(within(from).queryByRole('option', { name: '₹1,000/hour' })).not.toBeInTheDocument()
    await user.selectOptions(from, '500')
    await waitFor(() => expect(searches[searches.length - 1]?.get('minFee')).toBe('500'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minimum rating' }), '4')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '5')
    await user.click(screen.getByRole('checkbox', { name: 'Verified tutors only' }))
    await waitFor(() => expect(searches[searches.length - 1]?.get('verified')).toBe('true'))
    const last = searches[searches.length - 1]!
    expect(last.get('minFee')).toBe('500')
    expect(last.get('maxFee')).toBe('800')
    expect(last.get('minRating')).toBe('4')
    expect(last.get('radiusKm')).toBe('5')
    expect(last.get('verified')).toBe('true')
    expect(currentPath()).toBe('/tutors')
    // The URL holds the filters: the selects show them after the re-render from it.
    expect(screen.getByRole('combobox', { name: 'Fee up to' })).toHaveValue('800')
    expect(screen.getByRole('checkbox', { name: 'Verified tutors only' })).toBeChecked()
  })

  it('pages through the results', async () => {
    const { searches } = serveSearch([makeCard()], { total: 45 })
    const { user } = renderApp('/tutors?place=110024')
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument()
    expect(searches[searches.length - 1]?.get('page')).toBe('2')
  })

  it('gives advice when nobody matches, and widening the radius searches again', async () => {
    const { searches } = serveSearch([])
    const { user } = renderApp('/tutors?place=110024&board=cbse')
    expect(await screen.findByRole('heading', { name: 'No tutors found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'post a tuition request' })).toHaveAttribute('href', '/request/new')
    await user.click(screen.getByRole('button', { name: 'Search within 20 km' }))
    await waitFor(() => expect(searches[searches.length - 1]?.get('radiusKm')).toBe('20'))
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }))
    await waitFor(() => expect(searches[searches.length - 1]?.get('board')).toBeNull())
    expect(screen.getByRole('combobox', { name: 'Board' })).toHaveValue('')
  })

  it('says so when the place is unknown, and asks for a place when there is none', async () => {
    serveSearch([], { places: [] })
    renderApp('/tutors?place=Atlantis')
    expect(await screen.findByText(/We could not find “Atlantis”/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Tutors' })).not.toBeInTheDocument()
  })

  it('shows the server’s message when the search fails', async () => {
    serveSearch([])
    server.use(
      http.get('*/api/tutors/search', () =>
        apiError(400, { message: 'Unknown subject.', code: 'validation', fields: { subject: 'Unknown subject.' } }),
      ),
    )
    renderApp('/tutors?place=110024&subject=astrology')
    expect(await screen.findByText('Unknown subject.')).toBeInTheDocument()
  })

  it('searches for the subject at the place chosen in the search bar', async () => {
    const { searches } = serveSearch([makeCard()])
    const { user } = renderApp('/tutors')
    expect(await screen.findByText(/Choose a place/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Subject' })).toBeEnabled())
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'physics')
    await user.type(screen.getByRole('combobox', { name: 'Place' }), 'Lajpat')
    await user.click(await screen.findByRole('option', { name: LAJPAT_NAGAR.label }))
    await screen.findByRole('list', { name: 'Tutors' })
    expect(searches[0]?.get('subject')).toBe('physics')
    expect(searches[0]?.get('location')).toBe('[77.2432,28.5677]')
    expect(screen.getByRole('heading', { name: `Physics tutors near ${LAJPAT_NAGAR.label}` })).toBeInTheDocument()
  })
})

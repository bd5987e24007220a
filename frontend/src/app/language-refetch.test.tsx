import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { Place, TutorSearchResult } from '@/api/discovery-types'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/routes'
import { makeCard } from '@/test/discovery'
import { LAJPAT_NAGAR } from '@/test/places'
import { server } from '@/test/server'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

/** What the server says for maths and Class 8 to a reader of `language` (its `Accept-Language`). */
function card(language: string | null) {
  const hindi = language?.startsWith('hi')
  return makeCard({
    subjects: [{ id: 'maths', label: hindi ? 'गणित' : 'Mathematics' }],
    classes: [{ id: 'class-8', label: hindi ? 'कक्षा 8' : 'Class 8' }],
  })
}

describe('switching the language', { timeout: 20_000 }, () => {
  it('asks the server again for the answers it labels, and shows its labels in the new language', async () => {
    const asked: (string | null)[] = []
    server.use(
      http.get('*/api/places', () => HttpResponse.json<Place[]>([LAJPAT_NAGAR])),
      http.get('*/api/tutors/search', ({ request }) => {
        const language = request.headers.get('Accept-Language')
        asked.push(language)
        return HttpResponse.json<TutorSearchResult>({ tutors: [card(language)], total: 1, page: 1, pageSize: 20 })
      }),
    )
    const user = userEvent.setup()
    // As the app runs: no client given, so the screens share the app's own (lib/query-client),
    // the one that follows the language shown.
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/tutors?place=110024']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    )

    const english = within(await screen.findByRole('list', { name: 'Tutors' })).getByRole('article')
    expect(within(english).getByText(/Mathematics/)).toBeInTheDocument()
    expect(asked).toEqual(['en'])

    await user.click(
      within(within(screen.getByRole('banner')).getByRole('group', { name: 'Language' })).getByRole('button', {
        name: 'हिन्दी',
      }),
    )

    // The same search, fresh from the server in Hindi: not the English answer kept in the cache.
    const list = await screen.findByRole('list', { name: 'ट्यूटर' })
    expect(await within(list).findByText(/गणित/)).toBeInTheDocument()
    expect(within(list).queryByText(/Mathematics/)).not.toBeInTheDocument()
    expect(asked).toEqual(['en', 'hi'])
  })
})

import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Place, TutorSearchResult } from '@/api/discovery-types'
import { makeCard } from '@/test/discovery'
import { LAJPAT_NAGAR } from '@/test/places'
import { currentPath, renderApp } from '@/test/render'
import { server } from '@/test/server'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

describe('Landing hero search', { timeout: 20_000 }, () => {
  it('takes a subject and a PIN code to /tutors, which finds the tutors there', async () => {
    const lookups: string[] = []
    const searches: URLSearchParams[] = []
    server.use(
      http.get('*/api/places', ({ request }) => {
        lookups.push(new URL(request.url).searchParams.get('q') ?? '')
        return HttpResponse.json<Place[]>([LAJPAT_NAGAR])
      }),
      http.get('*/api/tutors/search', ({ request }) => {
        searches.push(new URL(request.url).searchParams)
        return HttpResponse.json<TutorSearchResult>({ tutors: [makeCard()], total: 1, page: 1, pageSize: 20 })
      }),
    )
    const { user } = renderApp('/')
    const form = await screen.findByRole('search', { name: 'Find a tutor' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Subject' }), 'maths')
    await user.type(within(form).getByRole('textbox', { name: 'Place or PIN code' }), '110024')
    await user.click(within(form).getByRole('button', { name: 'Search tutors' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Find a tutor' })).toBeInTheDocument()
    expect(currentPath()).toBe('/tutors')
    expect(await screen.findByRole('article', { name: 'Priya Sharma' })).toBeInTheDocument()
    expect(lookups).toEqual(['110024'])
    expect(searches[0]?.get('subject')).toBe('maths')
    expect(searches[0]?.get('location')).toBe('[77.2432,28.5677]')
  })

  it('leaves out what was not filled in', async () => {
    const { user } = renderApp('/')
    const form = await screen.findByRole('search', { name: 'Find a tutor' })
    await user.click(within(form).getByRole('button', { name: 'Search tutors' }))
    expect(await screen.findByText(/Choose a place/)).toBeInTheDocument()
    expect(currentPath()).toBe('/tutors')
  })

  it('still shows the page’s sections, the below-the-fold ones loaded after the first paint', async () => {
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Why Choose HomeTutor' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument()
  })
})

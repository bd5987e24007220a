import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Place, TutorSearchResult } from '@/api/discovery-types'
import { setLanguage } from '@/lib/i18n'
import { makeCard } from '@/test/discovery'
import { LAJPAT_NAGAR } from '@/test/places'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

describe('Tutor search in Hindi', { timeout: 20_000 }, () => {
  it('shows the search, filters, result count and cards in Hindi, with money in Indian grouping', async () => {
    server.use(
      http.get('*/api/places', () => HttpResponse.json<Place[]>([LAJPAT_NAGAR])),
      http.get('*/api/tutors/search', () =>
        HttpResponse.json<TutorSearchResult>({
          tutors: [makeCard({ feePerHour: 1200 })],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    )
    await setLanguage('hi')
    renderApp('/tutors?place=110024')

    const list = await screen.findByRole('list', { name: 'ट्यूटर' })
    expect(screen.getByRole('heading', { level: 1, name: 'ट्यूटर खोजें' })).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'ट्यूटर खोजें' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'जगह' })).toHaveValue(LAJPAT_NAGAR.label)
    expect(screen.getByRole('heading', { name: `${LAJPAT_NAGAR.label} के पास ट्यूटर` })).toBeInTheDocument()
    expect(screen.getByTestId('results-count')).toHaveTextContent('10 किमी के अंदर 1 ट्यूटर')
    expect(screen.getByRole('group', { name: 'फ़िल्टर' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'सिर्फ़ सत्यापित ट्यूटर' })).not.toBeChecked()

    const card = within(list).getByRole('article')
    expect(within(card).getByText('₹1,200/घंटा')).toBeInTheDocument()
    expect(within(card).getByTestId('verification-badge')).toHaveTextContent(
      'सत्यापित · पहचान ✓ · योग्यता ✓ · 2 दिस॰ 2026 को जाँचा गया',
    )
    expect(within(card).getByText(/2\.1 किमी दूर/)).toBeInTheDocument()
    expect(within(card).getByLabelText('12 समीक्षाओं के आधार पर 5 में से 4.6 रेटिंग')).toBeInTheDocument()
  })

  it('says in Hindi when no tutor matches, and offers a wider search', async () => {
    server.use(
      http.get('*/api/places', () => HttpResponse.json<Place[]>([LAJPAT_NAGAR])),
      http.get('*/api/tutors/search', () =>
        HttpResponse.json<TutorSearchResult>({ tutors: [], total: 0, page: 1, pageSize: 20 }),
      ),
    )
    await setLanguage('hi')
    renderApp('/tutors?place=110024')

    expect(await screen.findByRole('heading', { name: 'कोई ट्यूटर नहीं मिला' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '20 किमी के अंदर खोजें' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ट्यूशन अनुरोध डालें' })).toHaveAttribute('href', '/request/new')
  })
})

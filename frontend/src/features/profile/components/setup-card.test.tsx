import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const AREA = {
  location: [77.209, 28.6139],
  radiusKm: 10,
  subjects: [{ id: 'maths', label: 'Mathematics' }],
  classes: [{ id: 'class-8', label: 'Class 8' }],
  boards: [],
  modes: [],
  placeName: 'Connaught Place, New Delhi',
  updatedAt: '2026-11-20T10:00:00Z',
}

/** The area's answer with `profileMissing`, and the completeness the card asks for; what was asked. */
function serve(missing: string[], percent: number) {
  const asked: string[] = []
  server.use(
    http.get('*/api/tutors/me/area', () => HttpResponse.json({ ...AREA, profileMissing: missing })),
    http.get('*/api/tutors/me/completeness', () => {
      asked.push('completeness')
      return HttpResponse.json({ done: [], missing, percent, searchable: !missing.includes('area') })
    }),
  )
  return asked
}

describe("the tutor dashboard's set-up card", { timeout: 30_000 }, () => {
  it('says how complete the profile is, what is missing and why, and continues at the first missing step', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    serve(['boards', 'photo', 'about'], 66)
    renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile is 66% complete' })
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66')
    const items = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual([
      "Boards: Parents often look for a tutor who knows their child's board.",
      'Photo: Profiles with a photo get more replies.',
      'About you: Parents read about you before they decide.',
    ])
    expect(within(card).getByRole('link', { name: 'Continue setting up' })).toHaveAttribute(
      'href',
      '/onboarding?step=boards',
    )
  })

  it('says a missing teaching area costs the leads, in English and Hindi', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    server.use(http.get('*/api/tutors/me/area', () => HttpResponse.json(null)))
    server.use(
      http.get('*/api/tutors/me/completeness', () =>
        HttpResponse.json({ done: [], missing: ['area', 'fee'], percent: 77, searchable: false }),
      ),
    )
    renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile is 77% complete' })
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent(
      'Teaching area: Without a teaching area you get no leads.',
    )
    expect(within(card).getByText('Parents cannot find you in search yet.')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Continue setting up' })).toHaveAttribute(
      'href',
      '/onboarding?step=area',
    )
  })

  it('is not loaded for a complete tutor: the completeness is never asked for', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    const asked = serve([], 100)
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 2, name: 'Nearby Requests' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('setup-card')).not.toBeInTheDocument())
    expect(asked).toEqual([])
  })

  it('is not loaded while only steps that cost no leads are missing (a photo, boards, availability)', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    const asked = serve(['boards', 'availability', 'photo'], 66)
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 2, name: 'Nearby Requests' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('setup-card')).not.toBeInTheDocument())
    expect(asked).toEqual([])
  })

  it('speaks Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'tutor', language: 'hi', subscriptionActive: true, subscriptionExpires: '2099-01-01T00:00:00Z' })
    serve(['photo', 'about'], 77)
    renderApp('/dashboard')
    const card = await screen.findByRole('region', { name: 'आपकी प्रोफ़ाइल 77% पूरी है' })
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent('फ़ोटो: फ़ोटो वाली प्रोफ़ाइल को ज़्यादा जवाब मिलते हैं।')
    expect(within(card).getByRole('link', { name: 'सेटअप जारी रखें' })).toBeInTheDocument()
  })
})

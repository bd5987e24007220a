import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { formatDate } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Tutor = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>

const TUTOR: Tutor = {
  id: 42,
  fullname: 'Ravi Kumar',
  email: 'ravi@example.com',
  subscriptionActive: true,
  approved: false,
  featured: false,
  verified: false,
  verification: null,
  about: '',
  subjects: '',
  availability: '',
  methodology: '',
  testimonials: '',
  education: '',
  fees: '',
  demoOffer: '',
  ratingAverage: null,
  ratingCount: 0,
  rating: null,
  reviewCount: 0,
  ratingCounts: [0, 0, 0, 0, 0],
  canMessage: true,
  canReview: false,
  reviewOpensAt: null,
}

const OPENS_AT = '2026-12-04T09:30:00Z'

/** The profile as the server tells a parent who may not review yet; what reviews were posted. */
function serve(tutor: Tutor) {
  const posts: unknown[] = []
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(tutor)),
    http.get('*/api/chat/blocks', () => HttpResponse.json([])),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json([])),
    http.post('*/api/tutors/:id/reviews', async ({ request }) => {
      posts.push(await request.json())
      return HttpResponse.json({ message: 'refused', code: 'review_too_soon' }, { status: 403 })
    }),
  )
  return posts
}

async function reviewsSection() {
  return within(await screen.findByRole('region', { name: /Reviews|समीक्षाएँ/ }))
}

describe('a parent who may not review a tutor yet', { timeout: 15_000 }, () => {
  it('is told both must write to each other first, and is offered no form', async () => {
    const posts = serve(TUTOR)
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    renderApp('/tutor/42')
    const section = await reviewsSection()
    expect(
      await section.findByText(
        'You can review this tutor once you have both written to each other in chat and a day has passed.',
      ),
    ).toBeInTheDocument()
    expect(section.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument()
    expect(section.queryByRole('radiogroup', { name: 'Your rating' })).not.toBeInTheDocument()
    expect(posts).toEqual([])
  })

  it('is told when reviews open once both have written, in the date and time of the language shown', async () => {
    serve({ ...TUTOR, reviewOpensAt: OPENS_AT })
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    renderApp('/tutor/42')
    const section = await reviewsSection()
    const when = formatDate(OPENS_AT, 'dateTime', '-', 'en')
    expect(
      await section.findByText(
        `You can review this tutor from ${when}: a day after you both first wrote to each other.`,
      ),
    ).toBeInTheDocument()
    expect(section.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument()
  })

  it('reads it in Hindi', async () => {
    serve({ ...TUTOR, reviewOpensAt: OPENS_AT })
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com', language: 'hi' })
    await setLanguage('hi')
    renderApp('/tutor/42')
    const section = await reviewsSection()
    const when = formatDate(OPENS_AT, 'dateTime', '-', 'hi')
    expect(
      await section.findByText(
        `आप इस ट्यूटर की समीक्षा ${when} से कर सकते हैं: आप दोनों के एक-दूसरे को पहली बार लिखने के एक दिन बाद।`,
      ),
    ).toBeInTheDocument()
    expect(section.queryByRole('button', { name: 'समीक्षा भेजें' })).not.toBeInTheDocument()
  })

  it('gets the form once the profile says they may review', async () => {
    serve({ ...TUTOR, canReview: true })
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    renderApp('/tutor/42')
    const section = await reviewsSection()
    expect(await section.findByRole('button', { name: 'Submit Review' })).toBeInTheDocument()
    expect(section.queryByTestId('review-not-yet')).not.toBeInTheDocument()
  })
})

import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'

type Tutor = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>
type Review = SuccessBody<ApiPaths['/tutors/{idOrEmail}/reviews']['get']>[number]

const TUTOR: Tutor = {
  id: 42,
  fullname: 'Priya Sharma',
  email: 'priya@example.com',
  subscriptionActive: true,
  approved: true,
  featured: true,
  verification: { checks: { id: true, qualification: true, police: false }, checkedAt: '2026-12-02T10:00:00Z' },
  about: 'Maths teacher.',
  subjects: '',
  availability: '',
  methodology: '',
  testimonials: '',
  education: '',
  fees: 'First class free',
  demoOffer: '',
  ratingAverage: 4.3,
  ratingCount: 10,
  canMessage: false,
  canReview: false,
  feePerHour: 1200,
  photoUrl: '/api/uploads/priya.jpg',
  verified: true,
  rating: 4.3,
  reviewCount: 10,
  ratingCounts: [1, 0, 1, 2, 6],
  area: {
    placeName: 'Lajpat Nagar, South Delhi',
    radiusKm: 5,
    subjects: [
      { id: 'maths', label: 'Mathematics' },
      { id: 'other', label: 'Vedic maths' },
    ],
    classes: [{ id: 'class-8', label: 'Class 8' }],
    boards: [{ id: 'cbse', label: 'CBSE' }],
    modes: [],
  },
}

const REVIEWS: Review[] = [
  {
    id: 1,
    parentId: 7,
    parentName: 'Asha Verma',
    rating: 5,
    comment: 'Great.',
    createdAt: '2026-11-01T10:00:00Z',
    inTouch: true,
  },
  {
    id: 2,
    parentId: 8,
    parentName: 'Old Review',
    rating: 3,
    comment: 'Fine.',
    createdAt: '2025-11-01T10:00:00Z',
    inTouch: false,
  },
]

function serve(tutor: Tutor = TUTOR, reviews: Review[] = REVIEWS) {
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(tutor)),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json(reviews)),
  )
}

describe('Tutor profile: photo, fee, teaching area, star distribution', { timeout: 20_000 }, () => {
  it('shows the photo, the fee per hour, the checks that passed and the site’s award', async () => {
    serve()
    renderApp('/tutor/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument()
    expect(document.querySelector('img[src="/api/uploads/priya.jpg"]')).not.toBeNull()
    expect(screen.getByTestId('fee-per-hour')).toHaveTextContent('₹1,200/hour')
    expect(screen.getByTestId('verification-badge')).toHaveTextContent(
      'Verified · ID ✓ · Qualification ✓ · checked 2 Dec 2026',
    )
    expect(screen.getByText('Featured by HomeTutor')).toBeInTheDocument()
  })

  it('summarises the teaching area by place name and labels, never coordinates', async () => {
    serve()
    renderApp('/tutor/42')
    const area = await screen.findByRole('region', { name: 'Teaching area' })
    expect(within(area).getByTestId('area-summary')).toHaveTextContent(
      'Teaches within 5 km of Lajpat Nagar, South Delhi',
    )
    expect(area).toHaveTextContent('Subjects: Mathematics, Vedic maths')
    expect(area).toHaveTextContent('Classes: Class 8')
    expect(area).toHaveTextContent('Boards: CBSE')
    expect(area).toHaveTextContent('Mode: At home or online')
    expect(area.textContent).not.toMatch(/\d+\.\d{3,}/)
  })

  it('shows the distribution of stars and marks reviews from parents in touch via HomeTutor', async () => {
    serve()
    renderApp('/tutor/42')
    const bars = await screen.findByRole('list', { name: 'Ratings by stars' })
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('5 stars: 6 reviews'),
      expect.stringContaining('4 stars: 2 reviews'),
      expect.stringContaining('3 stars: 1 review'),
      expect.stringContaining('2 stars: 0 reviews'),
      expect.stringContaining('1 star: 1 review'),
    ])
    expect(screen.getByTestId('stars-5-bar')).toHaveStyle({ width: '60%' })
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.3')
    const reviews = await screen.findByRole('list', { name: 'Reviews' })
    const [asha, old] = within(reviews).getAllByRole('listitem')
    expect(within(asha!).getByText('In touch via HomeTutor')).toBeInTheDocument()
    expect(within(old!).queryByText('In touch via HomeTutor')).not.toBeInTheDocument()
  })

  it('shows initials and no fee, area or bars when the tutor has none', async () => {
    serve(
      {
        ...TUTOR,
        photoUrl: null,
        feePerHour: null,
        area: null,
        rating: null,
        reviewCount: 0,
        ratingCounts: [0, 0, 0, 0, 0],
      },
      [],
    )
    renderApp('/tutor/42')
    expect(await screen.findByText('PS')).toBeInTheDocument()
    expect(screen.queryByTestId('fee-per-hour')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Teaching area' })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Ratings by stars' })).not.toBeInTheDocument()
    expect(screen.getByText('No ratings yet')).toBeInTheDocument()
  })
})

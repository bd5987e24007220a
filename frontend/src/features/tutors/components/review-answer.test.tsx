import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const TUTOR = {
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
  ratingAverage: 5,
  ratingCount: 1,
  rating: 5,
  reviewCount: 1,
  ratingCounts: [0, 0, 0, 0, 1],
  canMessage: false,
}

const REVIEW = {
  id: 900,
  rating: 5,
  comment: 'Patient and clear.',
  parentId: 7,
  parentName: 'Asha Verma',
  createdAt: '2026-11-20T10:00:00Z',
  inTouch: true,
  answer: null as string | null,
  answeredAt: null as string | null,
}

function serve() {
  let review = { ...REVIEW }
  const answers: unknown[] = []
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(TUTOR)),
    http.get('*/api/chat/blocks', () => HttpResponse.json([])),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json([review])),
    http.post('*/api/tutors/:id/reviews/:reviewId/answer', async ({ request, params }) => {
      const body = (await request.json()) as { text: string }
      answers.push({ reviewId: params.reviewId, ...body })
      review = { ...review, answer: body.text, answeredAt: '2026-11-21T10:00:00Z' }
      return HttpResponse.json(
        { reviewId: review.id, answer: body.text, answeredAt: review.answeredAt },
        { status: 201 },
      )
    }),
  )
  return answers
}

describe("a tutor's public answer to a review", () => {
  it('the reviewed tutor answers once; the form then gives way to the answer', async () => {
    const answers = serve()
    signInAs({ id: 42, role: 'tutor', email: 'ravi@example.com' })
    const { user } = renderApp('/tutor/42')
    const reviews = await screen.findByRole('list', { name: 'Reviews' })
    const box = await within(reviews).findByRole('textbox', { name: 'Answer this review' })
    expect(within(reviews).getByText('Your answer is public and you can answer only once.')).toBeInTheDocument()
    await user.type(box, 'Thank you, it was a pleasure.')
    await user.click(within(reviews).getByRole('button', { name: 'Answer publicly' }))
    await waitFor(() => expect(answers).toEqual([{ reviewId: '900', text: 'Thank you, it was a pleasure.' }]))
    expect(await within(reviews).findByText("The tutor's answer")).toBeInTheDocument()
    expect(within(reviews).getByText('Thank you, it was a pleasure.')).toBeInTheDocument()
    expect(within(reviews).queryByRole('textbox', { name: 'Answer this review' })).not.toBeInTheDocument()
  })

  it('another reader sees no form, only an answer once there is one', async () => {
    serve()
    signInAs({ id: 3, role: 'tutor', email: 'other@example.com' })
    renderApp('/tutor/42')
    const reviews = await screen.findByRole('list', { name: 'Reviews' })
    expect(await within(reviews).findByText('Patient and clear.')).toBeInTheDocument()
    expect(within(reviews).queryByRole('textbox', { name: 'Answer this review' })).not.toBeInTheDocument()
  })
})

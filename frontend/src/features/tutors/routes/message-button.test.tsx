import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Tutor = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>

function serveTutor(canMessage: boolean) {
  const tutor: Tutor = {
    id: 42,
    fullname: 'Ravi Kumar',
    email: 'ravi@example.com',
    subscriptionActive: true,
    approved: false,
    featured: false,
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
    verified: false,
    reviewCount: 0,
    ratingCounts: [0, 0, 0, 0, 0],
    canMessage,
    canReview: false,
  }
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(tutor)),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json([])),
    http.get('*/api/messages', () => HttpResponse.json([])),
    http.get('*/api/messages/conversations', () => HttpResponse.json([])),
  )
}

describe("the Message button on a tutor's profile", () => {
  it('shows when the server says the viewer may write, and opens the chat titled by name', async () => {
    signInAs({ role: 'parent' })
    serveTutor(true)
    const { user } = renderApp('/tutor/42')
    await user.click(await screen.findByRole('button', { name: 'Message' }))
    expect(await screen.findByRole('dialog', { name: 'Chat with Ravi Kumar' })).toBeInTheDocument()
  })

  it('is absent when the chat rules refuse a first message, and when logged out', async () => {
    signInAs({ role: 'parent' })
    serveTutor(false)
    renderApp('/tutor/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument()
  })

  it('is absent for a logged-out visitor even if the answer said otherwise', async () => {
    serveTutor(true)
    renderApp('/tutor/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument()
  })

  it('/messages?with= opens that conversation, named from the tutor profile when new', async () => {
    signInAs({ role: 'parent' })
    serveTutor(true)
    renderApp('/messages?with=42')
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Ravi Kumar' })
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument())
  })
})

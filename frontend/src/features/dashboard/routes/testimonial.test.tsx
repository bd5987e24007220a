import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

describe("the parent dashboard's 'Share your experience' card", { timeout: 30_000 }, () => {
  it('submits a testimonial and says it shows after approval', async () => {
    signInAs({ role: 'parent' })
    let body: unknown
    server.use(
      http.post('*/api/testimonials', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { id: 1, name: 'Asha Verma', text: 'Great tutors', approved: false, createdAt: '2026-01-01T00:00:00Z' },
          { status: 201 },
        )
      }),
    )
    const { user } = renderApp('/dashboard')
    const field = await screen.findByRole('textbox', { name: 'Your testimonial' })
    await user.type(field, 'Great tutors')
    await user.click(screen.getByRole('button', { name: 'Submit testimonial' }))
    expect(await screen.findByText(/will appear on the site after it is approved/)).toBeInTheDocument()
    expect(body).toEqual({ text: 'Great tutors' })
    expect(field).toHaveValue('')
  })

  it("shows the server's message when submitting fails", async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.post('*/api/testimonials', () =>
        apiError(403, { message: 'Only parents can submit a testimonial.', code: 'not_a_parent' }),
      ),
    )
    const { user } = renderApp('/dashboard')
    await user.type(await screen.findByRole('textbox', { name: 'Your testimonial' }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Submit testimonial' }))
    expect(await screen.findByText('Only parents can submit a testimonial.')).toBeInTheDocument()
  })

  it('asks for a few words when sent empty (or blank), without asking the server, until some are written', async () => {
    signInAs({ role: 'parent' })
    let asked = 0
    server.use(
      http.post('*/api/testimonials', () => {
        asked += 1
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    const { user } = renderApp('/dashboard')
    const field = await screen.findByRole('textbox', { name: 'Your testimonial' })
    expect(screen.queryByText('Please write a few words about your experience.')).not.toBeInTheDocument()
    await user.type(field, '   ')
    await user.click(screen.getByRole('button', { name: 'Submit testimonial' }))
    expect(await screen.findByText('Please write a few words about your experience.')).toBeInTheDocument()
    await user.type(field, 'Good')
    expect(screen.queryByText('Please write a few words about your experience.')).not.toBeInTheDocument()
    expect(asked).toBe(0)
  })

  it('is not shown to tutors', async () => {
    signInAs({ role: 'tutor' })
    renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(screen.queryByRole('heading', { name: 'Share your experience' })).not.toBeInTheDocument()
  })
})

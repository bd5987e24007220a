import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError, type Body } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeInterestedTutor, makeRequest } from '@/test/tuition'

const ravi = makeInterestedTutor({ rating: 4.5, reviewCount: 12 })
const meera = makeInterestedTutor({
  tutor: 6,
  fullname: 'Meera Nair',
  name: 'Meera Nair',
  email: 'meera@example.com',
  phone: '',
})

/** The parent's one request, closed and reopened as the server would; records the bodies sent. */
function requestServer() {
  let request = makeRequest({ id: 3, subject: 'Physics', interestedTutors: [ravi, meera] })
  const calls: { path: string; body: unknown }[] = []
  server.use(
    http.get('*/api/tuition/mine', () => HttpResponse.json([request])),
    http.post('*/api/tuition/:id/close', async ({ request: req, params }) => {
      const body = (await req.json()) as Body<'CloseBody'>
      calls.push({ path: `close ${String(params.id)}`, body })
      request = {
        ...request,
        status: 'closed',
        closedAt: '2026-11-24T10:00:00Z',
        closeOutcome: body.outcome,
        closedTutorId: body.tutorId ?? null,
      }
      return HttpResponse.json(request)
    }),
    http.post('*/api/tuition/:id/reopen', ({ params }) => {
      calls.push({ path: `reopen ${String(params.id)}`, body: null })
      request = { ...request, status: 'open', closedAt: null, closeOutcome: null, closedTutorId: null }
      return HttpResponse.json(request)
    }),
  )
  return calls
}

describe("closing and reopening a parent's request", () => {
  it("closes with 'Found a tutor' and which one, shows Closed, then reopens", async () => {
    signInAs({ role: 'parent' })
    const calls = requestServer()
    const { user } = renderApp('/dashboard')
    expect(await screen.findByTestId('status-3')).toHaveTextContent('Open')
    await user.click(screen.getByRole('button', { name: 'Close Physics request' }))
    const dialog = await screen.findByRole('dialog', { name: 'Close the Physics request?' })
    expect(within(dialog).getByRole('radio', { name: /Found a tutor/ })).toBeChecked()
    const which = within(dialog).getByRole('combobox', { name: 'Which tutor? (optional)' })
    expect(Array.from(which.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      "Someone else, or I'd rather not say",
      'Ravi Kumar',
      'Meera Nair',
    ])
    await user.selectOptions(which, '5')
    await user.click(within(dialog).getByRole('button', { name: 'Close request' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([{ path: 'close 3', body: { outcome: 'found_tutor', tutorId: 5 } }])
    expect(await screen.findByTestId('status-3')).toHaveTextContent('Closed')
    expect(screen.getByTestId('closed-note-3')).toHaveTextContent('Found a tutor (Ravi Kumar)')

    await user.click(screen.getByRole('button', { name: 'Reopen Physics request' }))
    await waitFor(() => expect(screen.getByTestId('status-3')).toHaveTextContent('Open'))
    expect(calls.at(-1)).toEqual({ path: 'reopen 3', body: null })
  })

  it("'No longer needed' sends no tutor; a refusal stays in the dialog", async () => {
    signInAs({ role: 'parent' })
    const calls = requestServer()
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Close Physics request' }))
    const dialog = await screen.findByRole('dialog')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Which tutor? (optional)' }), '6')
    await user.click(within(dialog).getByRole('radio', { name: /No longer needed/ }))
    // The tutor choice belongs to 'Found a tutor' only.
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    server.use(
      http.post('*/api/tuition/:id/close', () =>
        apiError(409, { code: 'request_closed', message: 'This request is already closed.' }),
      ),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Close request' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request is already closed.')
    expect(calls).toEqual([])
  })

  it('lists interested tutors with their rating and review count, names linking to profiles', async () => {
    signInAs({ role: 'parent' })
    requestServer()
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: /Interested Tutors \(2\)/ }))
    const cards = screen.getByRole('list', { name: 'Interested tutors' })
    const [first, second] = within(cards).getAllByRole('listitem')
    expect(first).toHaveTextContent('4.5 ★ out of 5 (12 reviews)')
    expect(within(first as HTMLElement).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', '/tutor/5')
    expect(second).toHaveTextContent('No reviews yet')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeInterestedTutor, makeRequest } from '@/test/tuition'

describe('a parent stops (and starts again) sharing their contacts with one interested tutor', () => {
  it('sends the switch for that tutor and shows what is shared once the list reloads', async () => {
    signInAs({ role: 'parent' })
    let sharing = true
    const calls: { path: string; body: unknown }[] = []
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([
          makeRequest({
            id: 3,
            subject: 'Physics',
            interestedTutors: [
              makeInterestedTutor({ sharing }),
              makeInterestedTutor({ tutor: 6, fullname: 'Meena Rao' }),
            ],
          }),
        ]),
      ),
      http.put('*/api/tuition/:id/interested/:tutorId/sharing', async ({ request, params }) => {
        const body = (await request.json()) as { shared: boolean }
        calls.push({ path: `${params.id}/${params.tutorId}`, body })
        sharing = body.shared
        return HttpResponse.json({ shared: body.shared })
      }),
    )
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: /Interested Tutors \(2\)/ }))
    const cards = screen.getByRole('list', { name: 'Interested tutors' })
    const ravi = within(cards).getAllByRole('listitem')[0]
    expect(ravi).toHaveTextContent('Sharing your phone and e-mail')
    await user.click(within(ravi).getByRole('button', { name: 'Stop sharing your phone and e-mail with Ravi Kumar' }))
    await waitFor(() => expect(calls).toEqual([{ path: '3/5', body: { shared: false } }]))
    expect(await within(ravi).findByText('Your phone and e-mail are hidden from this tutor')).toBeInTheDocument()
    await user.click(within(ravi).getByRole('button', { name: 'Share your phone and e-mail with Ravi Kumar again' }))
    await waitFor(() => expect(calls[1]).toEqual({ path: '3/5', body: { shared: true } }))
    // The other tutor's switch is their own.
    const meena = within(cards).getAllByRole('listitem')[1]
    expect(meena).toHaveTextContent('Sharing your phone and e-mail')
  })
})

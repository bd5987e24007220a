import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { RecommendationsResult } from '@/api/discovery-types'
import { makeRecommended } from '@/test/discovery'
import { apiError } from '@/test/http'
import { currentSearch, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeRequest } from '@/test/tuition'

function serve(
  requests = [makeRequest({ id: 11 })],
  tutors = [
    makeRecommended(),
    makeRecommended({
      id: 43,
      fullname: 'Arjun Mehta',
      score: 64,
      invited: true,
      reasons: ['4.0 km away', 'Teaches Mathematics'],
    }),
  ],
) {
  const asked: string[] = []
  const invites: { requestId: string; body: unknown }[] = []
  server.use(
    http.get('*/api/tuition/mine', () => HttpResponse.json(requests)),
    http.get('*/api/tuition/:id/recommendations', ({ params }) => {
      asked.push(String(params.id))
      return HttpResponse.json<RecommendationsResult>({ tutors })
    }),
    http.post('*/api/tuition/:id/invite', async ({ params, request }) => {
      const body = (await request.json()) as { tutorId: number }
      invites.push({ requestId: String(params.id), body })
      tutors = tutors.map((t) => (t.id === body.tutorId ? { ...t, invited: true } : t))
      return HttpResponse.json({ invited: true }, { status: 201 })
    }),
  )
  return { asked, invites }
}

describe("recommended tutors on the parent's dashboard", { timeout: 20_000 }, () => {
  it('lists the best matches with the score, the reasons and a link to each profile', async () => {
    signInAs({ role: 'parent' })
    const { asked } = serve()
    renderApp('/dashboard')
    const section = await screen.findByRole('region', { name: 'Recommended tutors' })
    const list = await within(section).findByRole('list', { name: 'Recommended tutors' })
    expect(asked).toEqual(['11'])
    expect(within(section).getByText('For your request: Mathematics · Class 10')).toBeInTheDocument()
    const [priya, arjun] = within(list).getAllByRole('article')
    expect(within(priya!).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute('href', '/tutor/42')
    expect(within(priya!).getByText('Match 87/100')).toBeInTheDocument()
    const reasons = within(priya!).getByRole('list', { name: 'Why Priya Sharma matches' })
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('·', '').trim()),
    ).toEqual(['2.1 km away', 'Teaches Mathematics for Class 8', 'CBSE', '★ 4.6 from 12 reviews', 'Verified'])
    expect(within(priya!).getByRole('button', { name: 'Invite Priya Sharma' })).toBeEnabled()
    // Already invited: says so, nothing to press.
    expect(within(arjun!).getByRole('button', { name: 'Arjun Mehta invited' })).toBeDisabled()
  })

  it('invites a tutor: the button turns to Invited', async () => {
    signInAs({ role: 'parent' })
    const { invites } = serve()
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Invite Priya Sharma' }))
    expect(await screen.findByRole('button', { name: 'Priya Sharma invited' })).toBeDisabled()
    expect(invites).toEqual([{ requestId: '11', body: { tutorId: 42 } }])
    expect(await screen.findByText('Priya Sharma is invited to your request.')).toBeInTheDocument()
  })

  it('shows why an invitation failed', async () => {
    signInAs({ role: 'parent' })
    serve()
    server.use(
      http.post('*/api/tuition/:id/invite', () =>
        apiError(409, { message: 'This request is closed.', code: 'request_closed' }),
      ),
    )
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Invite Priya Sharma' }))
    expect(await screen.findByText('This request is closed.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Invite Priya Sharma' })).toBeEnabled()
  })

  it('switches between open requests and leaves closed ones out', async () => {
    signInAs({ role: 'parent' })
    const { asked } = serve([
      makeRequest({ id: 11 }),
      makeRequest({ id: 12, subject: 'Physics', classLevel: 'Class 12' }),
      makeRequest({ id: 13, subject: 'Hindi', status: 'closed' }),
    ])
    const { user } = renderApp('/dashboard')
    const select = await screen.findByRole('combobox', { name: 'For your request' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mathematics · Class 10', 'Physics · Class 12'])
    await user.selectOptions(select, '12')
    await waitFor(() => expect(asked).toEqual(['11', '12']))
  })

  it("a request card's 'Recommended tutors' shows that request here, in the address too", async () => {
    signInAs({ role: 'parent' })
    const { asked } = serve([
      makeRequest({ id: 11 }),
      makeRequest({ id: 12, subject: 'Physics', classLevel: 'Class 12' }),
    ])
    const { user } = renderApp('/dashboard')
    const select = await screen.findByRole('combobox', { name: 'For your request' })
    expect(select).toHaveValue('11')
    await user.click(screen.getByRole('link', { name: 'Recommended tutors for Physics' }))
    expect(select).toHaveValue('12')
    expect(currentSearch()).toBe('?recommend=12')
    // The panel takes the focus, so keyboard and screen reader users land on it.
    expect(screen.getByRole('heading', { name: 'Recommended tutors' })).toHaveFocus()
    await waitFor(() => expect(asked).toEqual(['11', '12']))
    // Switching with the select writes the address as well, and leaves the focus on the select.
    await user.selectOptions(select, '11')
    expect(currentSearch()).toBe('?recommend=11')
    expect(select).toHaveFocus()
  })

  it('opens on the request ?recommend= names, as after a reload or from a notification', async () => {
    signInAs({ role: 'parent' })
    const { asked } = serve([
      makeRequest({ id: 11 }),
      makeRequest({ id: 12, subject: 'Physics', classLevel: 'Class 12' }),
    ])
    renderApp('/dashboard?recommend=12')
    expect(await screen.findByRole('combobox', { name: 'For your request' })).toHaveValue('12')
    await waitFor(() => expect(asked).toEqual(['12']))
    expect(screen.getByRole('heading', { name: 'Recommended tutors' })).toHaveFocus()
  })

  it.each([
    ['an unknown', '99'],
    ['a closed', '13'],
    ['a malformed', 'x'],
  ])('falls back to the newest open request for %s request in ?recommend=', async (_, id) => {
    signInAs({ role: 'parent' })
    const { asked } = serve([
      makeRequest({ id: 12, subject: 'Physics', classLevel: 'Class 12' }),
      makeRequest({ id: 11 }),
      makeRequest({ id: 13, subject: 'Hindi', status: 'closed' }),
    ])
    renderApp(`/dashboard?recommend=${id}`)
    expect(await screen.findByRole('combobox', { name: 'For your request' })).toHaveValue('12')
    await waitFor(() => expect(asked).toEqual(['12']))
  })

  it('says so when nobody matches yet, and shows nothing without an open request', async () => {
    signInAs({ role: 'parent' })
    serve([makeRequest({ id: 11 })], [])
    renderApp('/dashboard')
    expect(await screen.findByText(/No tutor matches this request yet/)).toBeInTheDocument()
  })
})

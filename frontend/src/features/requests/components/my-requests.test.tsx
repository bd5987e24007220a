import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeInterestedTutor, makeRequest } from '@/test/tuition'

const tutor = makeInterestedTutor()

describe("the parent's request list (SPEC §2)", () => {
  it('shows an empty state that links to a new request', async () => {
    signInAs({ role: 'parent' })
    renderApp('/dashboard')
    expect(await screen.findByText('You have not posted any tuition requests yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Post your first request' })).toHaveAttribute('href', '/request/new')
  })

  it('tells the parent a request was flagged, with the reason the admin gave', async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([
          makeRequest({ id: 4, subject: 'Physics', flagged: true, flagReason: 'Phone number in the text.' }),
          makeRequest({ id: 5, subject: 'Chemistry', flagged: true, flagReason: null }),
        ]),
      ),
    )
    renderApp('/dashboard')
    expect(await screen.findByTestId('flag-note-4')).toHaveTextContent(
      'Flagged by a HomeTutor admin. Reason: Phone number in the text. Tutors do not see this request while it is flagged.',
    )
    expect(screen.getByTestId('flag-note-5')).toHaveTextContent(
      'Flagged by a HomeTutor admin. Tutors do not see this request while it is flagged.',
    )
  })

  it('says once that a request was just posted (the request form sends its id along)', async () => {
    signInAs({ role: 'parent' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 8, subject: 'Biology' })])))
    renderApp({ pathname: '/dashboard', state: { postedRequestId: 8 } })
    expect(
      await screen.findByText(
        'Biology: Your request is posted. Tutors near you can see it now and say they are interested.',
      ),
    ).toBeInTheDocument()
  })

  it("says 'Failed to fetch requests' when the server gives no message", async () => {
    signInAs({ role: 'parent' })
    server.use(http.get('*/api/tuition/mine', () => new HttpResponse(null, { status: 500 })))
    renderApp('/dashboard')
    expect(await screen.findByText('Failed to fetch requests')).toBeInTheDocument()
  })

  it('expands a request to its Interested Tutors (table and cards) and links to Edit', async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([makeRequest({ id: 3, subject: 'Physics', interestedTutors: [tutor] })]),
      ),
    )
    const { user } = renderApp('/dashboard')
    const toggle = await screen.findByRole('button', { name: /Interested Tutors \(1\)/ })
    // The parent is told that tutors never get the exact point.
    expect(screen.getByTestId('privacy-note-3')).toHaveTextContent(
      'Tutors see only the centre of the 500 m square your pin is in, never your address.',
    )
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('table', { hidden: true })).not.toBeInTheDocument()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // jsdom matches no media query, so the desktop table is display:none here: look past that.
    const table = screen.getByRole('table', { hidden: true })
    const row = within(table).getByRole('row', { name: /Ravi Kumar/, hidden: true })
    expect(row).toHaveTextContent('ravi@example.com')
    expect(row).toHaveTextContent('9123456789')
    // The mobile cards carry the same details.
    const cards = screen.getByRole('list', { name: 'Interested tutors' })
    // The name leads to the tutor's public profile, in both layouts.
    expect(within(cards).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', `/tutor/${tutor.tutor}`)
    expect(within(row).getByRole('link', { name: 'Ravi Kumar', hidden: true })).toHaveAttribute(
      'href',
      `/tutor/${tutor.tutor}`,
    )
    expect(screen.getByRole('link', { name: 'Edit Physics request' })).toHaveAttribute('href', '/request/3/edit')
  })

  it('shows the place name, board and mode by their labels, never coordinates', async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([
          {
            ...makeRequest({ id: 5, subject: 'Maths', classLevel: '10th' }),
            subjectId: 'maths',
            classId: 'class-10',
            board: 'cbse',
            mode: 'online',
            placeName: 'Lajpat Nagar, South Delhi',
          },
          // From a server that does not send the new fields: the point is named by /places/nearest.
          makeRequest({ id: 6, subject: 'Vedic maths', classLevel: 'Class 7' }),
        ]),
      ),
    )
    renderApp('/dashboard')
    const list = await screen.findByRole('list', { name: 'My tuition requests' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(await within(first).findByRole('heading', { name: 'Mathematics' })).toBeInTheDocument()
    await waitFor(() => expect(first).toHaveTextContent('Class: Class 10'))
    expect(first).toHaveTextContent('Board: CBSE')
    expect(first).toHaveTextContent('Mode: Online')
    expect(first).toHaveTextContent('Location: Lajpat Nagar, South Delhi')
    expect(within(second).getByRole('heading', { name: 'Vedic maths' })).toBeInTheDocument()
    await waitFor(() => expect(second).toHaveTextContent('Location: Connaught Place, New Delhi'))
    expect(second).not.toHaveTextContent('Board:')
    expect(list).not.toHaveTextContent(/\d+\.\d{3}/)
  })

  it('links each open request, and no closed one, to its recommended tutors', async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([
          makeRequest({ id: 3, subject: 'Physics' }),
          makeRequest({ id: 4, subject: 'Chemistry', status: 'closed', closedAt: '2026-11-02T10:00:00Z' }),
          makeRequest({ id: 5, subject: 'Maths', flagged: true }),
        ]),
      ),
      http.get('*/api/tuition/:id/recommendations', () => HttpResponse.json({ tutors: [] })),
    )
    renderApp('/dashboard')
    const list = await screen.findByRole('list', { name: 'My tuition requests' })
    const [physics, chemistry, maths] = within(list).getAllByRole('listitem')
    expect(within(physics!).getByRole('link', { name: 'Recommended tutors for Physics' })).toHaveAttribute(
      'href',
      '/dashboard?recommend=3',
    )
    expect(within(chemistry!).queryByRole('link', { name: /Recommended tutors/ })).not.toBeInTheDocument()
    expect(within(maths!).getByRole('link', { name: 'Recommended tutors for Maths' })).toHaveAttribute(
      'href',
      '/dashboard?recommend=5',
    )
  })

  it('deletes only after confirmation', async () => {
    signInAs({ role: 'parent' })
    let list = [makeRequest({ id: 3, subject: 'Physics' }), makeRequest({ id: 4, subject: 'Chemistry' })]
    const deleted: string[] = []
    server.use(
      http.get('*/api/tuition/mine', () => HttpResponse.json(list)),
      http.delete('*/api/tuition/:id', ({ params }) => {
        deleted.push(String(params.id))
        list = list.filter((r) => String(r.id) !== params.id)
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Delete Physics request' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete request?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete Physics request' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete request?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Physics' })).not.toBeInTheDocument())
    expect(deleted).toEqual(['3'])
    expect(screen.getByRole('heading', { name: 'Chemistry' })).toBeInTheDocument()
  })

  it("shows 'Failed to delete request' when deleting fails without a message", async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 3, subject: 'Physics' })])),
      http.delete('*/api/tuition/:id', () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Delete Physics request' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Failed to delete request')).toBeInTheDocument()
  })
})

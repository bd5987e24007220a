import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { booking } from '@/test/bookings'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import type { Booking } from './api/types'
import { outcomeBody, outcomeView } from './lib/outcome-view'

/** A confirmed demo on Monday 5 Jan 2026, 17:00–18:00 IST: in the past whenever the tests run. */
const PAST = {
  status: 'confirmed',
  awaiting: null,
  startsAt: '2026-01-05T11:30:00Z',
  endsAt: '2026-01-05T12:30:00Z',
} as const

const answer = (overrides: Partial<NonNullable<Booking['outcome']['parent']>> = {}) => ({
  happened: true,
  continue: true,
  note: null,
  answeredAt: '2026-01-05T13:00:00Z',
  correctableUntil: '2026-01-07T13:00:00Z',
  ...overrides,
})

/** The past tab holds `past`; an answer is recorded as `answered`. */
function serve(past: Booking[], answered: Booking) {
  const sent: unknown[] = []
  server.use(
    http.get('*/api/bookings', ({ request }) =>
      HttpResponse.json({ bookings: new URL(request.url).searchParams.get('when') === 'past' ? past : [] }),
    ),
    http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: 0, awaitingMe: 0 })),
    http.post('*/api/bookings/:id/outcome', async ({ request }) => {
      sent.push(await request.json())
      past.splice(0, past.length, answered)
      return HttpResponse.json(answered)
    }),
  )
  return sent
}

describe('the outcome of a demo', () => {
  it('is asked only after a confirmed demo started, and corrected only within 48 hours', () => {
    const start = Date.parse(PAST.startsAt)
    expect(outcomeView(booking({ ...PAST }), 'parent', start - 1).shown).toBe(false)
    expect(outcomeView(booking({ ...PAST, status: 'cancelled' }), 'parent', start + 1).shown).toBe(false)
    const open = outcomeView(booking({ ...PAST }), 'parent', start + 1)
    expect([open.shown, open.canAnswer, open.mine]).toEqual([true, true, null])
    const given = booking({
      ...PAST,
      outcome: { parent: answer(), tutor: null, tookPlace: true, assignedRequestId: 3 },
    })
    expect(outcomeView(given, 'parent', Date.parse('2026-01-07T12:00:00Z')).canAnswer).toBe(true)
    expect(outcomeView(given, 'parent', Date.parse('2026-01-07T14:00:00Z')).canAnswer).toBe(false)
    expect(outcomeView(given, 'tutor', start + 1).theirs).toEqual(answer())
    expect(outcomeBody(false, true)).toEqual({ happened: false, continue: null })
  })
})

describe('How did the demo go? on My classes', { timeout: 20_000 }, () => {
  it('lets a parent say the demo took place and continue, then shows the tutor assigned', async () => {
    const demo = booking({ ...PAST, requestId: 3, subject: 'Mathematics' })
    const answered = booking({
      ...PAST,
      requestId: 3,
      subject: 'Mathematics',
      outcome: { parent: answer(), tutor: answer({ note: 'Bright student' }), tookPlace: true, assignedRequestId: 3 },
    })
    const sent = serve([demo], answered)
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    await user.click(await screen.findByRole('button', { name: 'Past' }))
    const card = within(await screen.findByTestId('outcome-5'))
    expect(card.getByText('How did the demo go?')).toBeInTheDocument()
    expect(card.getByRole('button', { name: 'Save my answer' })).toBeDisabled()
    await user.click(
      within(card.getByRole('group', { name: 'Did the demo take place?' })).getByRole('button', { name: 'Yes' }),
    )
    const going = within(card.getByRole('group', { name: 'Will you continue with lessons?' }))
    await user.click(going.getByRole('button', { name: 'Continue' }))
    await user.click(card.getByRole('button', { name: 'Save my answer' }))
    await waitFor(() => expect(sent).toEqual([{ happened: true, continue: true }]))
    expect(await card.findByText('Ravi Kumar is now your tutor for Mathematics.')).toBeInTheDocument()
    expect(card.getByText('You: it took place · will continue')).toBeInTheDocument()
    expect(card.getByText('Ravi Kumar: it took place · will continue — Bright student')).toBeInTheDocument()
    expect(card.queryByRole('button', { name: 'Save my answer' })).not.toBeInTheDocument()
    // Having said it took place, the parent is no longer offered a no-show report.
    expect(screen.queryByRole('button', { name: 'Report a no-show' })).not.toBeInTheDocument()
  })

  it('reads in Hindi', async () => {
    serve([booking({ ...PAST })], booking({ ...PAST }))
    signInAs({ id: 7, role: 'parent', language: 'hi' })
    await setLanguage('hi')
    const { user } = renderApp('/classes')
    await user.click(await screen.findByRole('button', { name: 'पिछली' }))
    const card = within(await screen.findByTestId('outcome-5'))
    expect(card.getByText('डेमो कैसा रहा?')).toBeInTheDocument()
    expect(card.getByRole('group', { name: 'क्या डेमो हुआ?' })).toBeInTheDocument()
  })
})

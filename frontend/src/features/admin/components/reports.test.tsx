import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema'
import { renderComponent } from '@/test/render-component'
import { server } from '@/test/server'
import { ReportsSection } from './ReportsSection'

type Queued = components['schemas']['QueuedReportDto']

const report: Queued = {
  report: {
    id: 11,
    reporterId: 2,
    target: 'message',
    targetId: 40,
    reportedId: 5,
    requestId: 3,
    reason: 'money_upfront',
    details: 'Wants money first',
    outcome: null,
    createdAt: '2026-12-02T08:00:00Z',
    decidedAt: null,
  },
  reporterName: 'Asha Kumar',
  reportedName: 'Ravi Kumar',
  reportedEmail: 'ravi@example.com',
  reportedActive: true,
  thread: [
    {
      id: 39,
      seq: 1,
      from: { _id: 2, id: 2, name: 'Asha Kumar' },
      to: 5,
      text: 'Are you free on Monday?',
      requestId: 3,
      createdAt: '2026-12-02T07:58:00Z',
    },
    {
      id: 40,
      seq: 2,
      from: { _id: 5, id: 5, name: 'Ravi Kumar' },
      to: 2,
      text: 'Pay 5000 first',
      requestId: 3,
      createdAt: '2026-12-02T07:59:00Z',
    },
  ] as unknown as Queued['thread'],
  request: {
    id: 3,
    subject: 'Mathematics',
    classLevel: 'Class 10',
    preferredTime: 'Evenings',
    flagged: false,
    flagReason: null,
  },
  earlier: [],
}

describe('the report queue', () => {
  it('shows a report in its context and suspends only after a confirmation', async () => {
    let queue = [report]
    const decided: unknown[] = []
    server.use(
      http.get('*/api/admin/reports', () => HttpResponse.json(queue)),
      http.get('*/api/admin/reports/open', () =>
        HttpResponse.json({ count: queue.length, oldestAgeSeconds: queue.length ? 7300 : null }),
      ),
      http.post('*/api/admin/reports/:id/decide', async ({ request, params }) => {
        decided.push({ id: params.id, ...((await request.json()) as object) })
        queue = []
        return HttpResponse.json({ reports: 1 })
      }),
    )
    const { user } = renderComponent(<ReportsSection />)
    const card = (await screen.findByText('About Ravi Kumar (ravi@example.com)')).closest('li')!
    expect(await screen.findByTestId('open-reports')).toHaveTextContent('1 open report · oldest waiting 2 hours')
    expect(within(card).getByText('Asks for money upfront')).toBeInTheDocument()
    expect(within(card).getByText('Ravi Kumar: Pay 5000 first')).toBeInTheDocument()
    expect(within(card).getByText('The request: Mathematics, Class 10')).toBeInTheDocument()
    expect(within(card).getByText('No earlier reports about this account.')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Suspend' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(decided).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(decided).toEqual([{ id: '11', action: 'suspend' }]))
    expect(await screen.findByText('No open reports. Well done.')).toBeInTheDocument()
  })
})

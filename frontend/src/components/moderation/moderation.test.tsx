import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderComponent } from '@/test/render-component'
import { server } from '@/test/server'
import { ReportButton } from './ReportButton'

describe('reporting', () => {
  it('sends the reason and the words, and says a repeat as the server does', async () => {
    const bodies: unknown[] = []
    let first = true
    server.use(
      http.post('*/api/reports', async ({ request }) => {
        bodies.push(await request.json())
        if (first) {
          first = false
          return HttpResponse.json({ id: 1 }, { status: 201 })
        }
        return HttpResponse.json({ message: 'You have already reported this.', code: 'refused' }, { status: 409 })
      }),
    )
    const { user } = renderComponent(
      <ReportButton subject={{ target: 'interest', targetId: 5, requestId: 3 }} name="Ravi Kumar" />,
    )
    await user.click(screen.getByRole('button', { name: 'Report Ravi Kumar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this tutor' })
    const reasons = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent)
    expect(reasons).toEqual([
      'Asks for money upfront',
      'Spam or selling',
      'Harassment',
      'Fake profile',
      'Unsafe behaviour',
      'Other',
    ])
    await user.click(within(dialog).getByRole('radio', { name: 'Asks for money upfront' }))
    await user.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'Wants 5000 before the demo')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([
      {
        target: 'interest',
        targetId: 5,
        requestId: 3,
        reason: 'money_upfront',
        details: 'Wants 5000 before the demo',
      },
    ])

    await user.click(screen.getByRole('button', { name: 'Report Ravi Kumar' }))
    const again = await screen.findByRole('dialog', { name: 'Report this tutor' })
    await user.click(within(again).getByRole('radio', { name: 'Spam or selling' }))
    await user.click(within(again).getByRole('button', { name: 'Send report' }))
    expect(await within(again).findByText('You have already reported this.')).toBeInTheDocument()
  })
})

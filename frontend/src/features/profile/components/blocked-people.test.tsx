import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderComponent } from '@/test/render-component'
import { server } from '@/test/server'
import { BlockedPeople } from './BlockedPeople'

describe('the blocked people list', () => {
  it('lists whom I block and unblocks one', async () => {
    let blocked = [{ id: 7, fullname: 'Ravi Kumar', blockedAt: '2026-12-01T10:00:00Z' }]
    const deleted: string[] = []
    server.use(
      http.get('*/api/chat/blocks', () => HttpResponse.json(blocked)),
      http.delete('*/api/chat/block/:id', ({ params }) => {
        deleted.push(String(params.id))
        blocked = []
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = renderComponent(<BlockedPeople />)
    expect(await screen.findByRole('heading', { name: 'Blocked people' })).toBeInTheDocument()
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Unblock Ravi Kumar' }))
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument()
    expect(deleted).toEqual(['7'])
  })
})

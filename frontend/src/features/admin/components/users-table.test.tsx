import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeAdminUser } from '@/test/admin'
import { renderComponent } from '@/test/render-component'
import { UsersTable } from './UsersTable'

const user = makeAdminUser(7, {
  fullname: 'Ravi Kumar Srinivasan Iyer',
  email: 'ravi.kumar.srinivasan.iyer.long.address@example.com',
  role: 'tutor',
})

function renderAt(width: number) {
  vi.stubGlobal('innerWidth', width)
  const onOpen = vi.fn()
  const onSetActive = vi.fn()
  const onSelect = vi.fn()
  const view = renderComponent(
    <UsersTable
      rows={[user]}
      selected={new Set()}
      onSelect={onSelect}
      onSelectPage={() => {}}
      onSetActive={onSetActive}
      onOpen={onOpen}
    />,
  )
  return { ...view, onOpen, onSetActive, onSelect }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the admin users list', () => {
  it('is a table on a laptop, the long e-mail wrapping in its cell', () => {
    renderAt(1280)
    const table = screen.getByRole('table', { name: 'Users' })
    const email = within(table).getByRole('cell', { name: user.email })
    expect(email).toHaveAttribute('data-wrap')
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument()
  })

  it('is a card per user on a phone, with every control of the row, each once', async () => {
    const { user: person, onOpen, onSetActive, onSelect } = renderAt(375)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = within(screen.getByRole('list', { name: 'Users' })).getByRole('listitem')
    expect(card).toHaveTextContent(user.fullname)
    expect(card).toHaveTextContent(user.email)
    expect(within(card).getByText('Tutor')).toBeInTheDocument()

    await person.click(within(card).getByRole('checkbox', { name: `Select ${user.email}` }))
    expect(onSelect).toHaveBeenCalledWith(7, true)
    await person.click(within(card).getByRole('checkbox', { name: `Active: ${user.email}` }))
    expect(onSetActive).toHaveBeenCalledWith(user, false)
    await person.click(within(card).getByRole('button', { name: `Delete ${user.email}` }))
    expect(onOpen).toHaveBeenCalledWith({ kind: 'delete', user })
    expect(screen.getAllByRole('button', { name: `Delete ${user.email}` })).toHaveLength(1)
  })
})

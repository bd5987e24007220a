import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderComponent } from '@/test/render-component'
import { DataTable, type Column } from './DataTable'

interface Row {
  id: number
  file: string
  note: string
}

const rows: Row[] = [{ id: 1, file: 'a-very-long-file-name-without-any-spaces-at-all.png', note: 'Banner' }]
const columns: Column<Row>[] = [
  { key: 'file', header: 'File', cell: (r) => r.file, wrap: '40' },
  { key: 'note', header: 'Description', cell: (r) => r.note },
  { key: 'delete', header: 'Actions', cell: (r) => <button type="button">Delete {r.file}</button>, card: 'actions' },
]

function renderAt(width: number) {
  vi.stubGlobal('innerWidth', width)
  return renderComponent(<DataTable caption="Media files" rows={rows} rowKey={(r) => r.id} columns={columns} />)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('an admin list', () => {
  it('is a named table on a laptop, its long text wrapping in its cell', () => {
    renderAt(1280)
    const table = screen.getByRole('table', { name: 'Media files' })
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: rows[0].file })).toHaveAttribute('data-wrap')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('is a card per row on a phone: the title, labelled fields, the action once', () => {
    renderAt(375)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = within(screen.getByRole('list', { name: 'Media files' })).getByRole('listitem')
    expect(within(card).getByText(rows[0].file)).toBeInTheDocument()
    expect(card).toHaveTextContent('Description: Banner')
    expect(card).not.toHaveTextContent('Actions')
    expect(within(card).getAllByRole('button', { name: `Delete ${rows[0].file}` })).toHaveLength(1)
  })
})

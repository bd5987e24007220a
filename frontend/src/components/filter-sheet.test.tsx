import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderComponent } from '@/test/render-component'
import { FilterSheet } from './filter-sheet'

function Search() {
  const [subject, setSubject] = useState('')
  return (
    <>
      <FilterSheet
        title="Change search"
        done="Show requests"
        summary={`Around Lajpat Nagar · 10 km${subject && ` · ${subject}`}`}
      >
        <label>
          Subject
          <input value={subject} onChange={(e) => setSubject(e.target.value)} />
        </label>
      </FilterSheet>
      <p>First result</p>
    </>
  )
}

function renderAt(width: number) {
  vi.stubGlobal('innerWidth', width)
  return renderComponent(<Search />)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('search filters', () => {
  it('are drawn in place on a laptop, with no summary', () => {
    renderAt(1280)
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeInTheDocument()
    expect(screen.queryByTestId('filter-summary')).not.toBeInTheDocument()
  })

  it('fold into a summary on a phone and open in a sheet whose choices apply at once', async () => {
    const { user } = renderAt(375)
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument()
    expect(screen.getByTestId('filter-summary')).toHaveTextContent('Around Lajpat Nagar · 10 km')

    await user.click(screen.getByRole('button', { name: 'Change search' }))
    await screen.findByRole('dialog', { name: 'Change search' })
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Maths')
    expect(screen.getByTestId('filter-summary')).toHaveTextContent('Around Lajpat Nagar · 10 km · Maths')

    await user.click(screen.getByRole('button', { name: 'Show requests' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('First result')).toBeInTheDocument()
  })
})

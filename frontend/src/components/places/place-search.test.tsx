import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError } from '@/test/http'
import { CONNAUGHT_PLACE, LAJPAT_NAGAR, LAJPAT_NAGAR_IV } from '@/test/places'
import { renderComponent } from '@/test/render-component'
import { server } from '@/test/server'
import { useNearestPlace } from './api'
import { PLACE_SEARCH_DEBOUNCE_MS, PlaceSearch } from './PlaceSearch'
import type { PlaceValue } from './types'

function Harness({
  initial = null,
  onChange,
}: {
  initial?: PlaceValue | null
  onChange?: (place: PlaceValue | null) => void
}) {
  const [value, setValue] = useState<PlaceValue | null>(initial)
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <PlaceSearch
        label="Area or locality"
        value={value}
        onChange={(place) => {
          setValue(place)
          onChange?.(place)
        }}
      />
      <output data-testid="chosen">{value?.name ?? 'none'}</output>
    </form>
  )
}
const onSubmit = vi.fn()

/** Counts the searches the server sees. */
function countSearches() {
  const queries: string[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname === '/api/places') queries.push(url.searchParams.get('q') ?? '')
  })
  return queries
}

describe('PlaceSearch', () => {
  afterEach(() => vi.useRealTimers())

  it('is a labelled combobox that lists places after two letters, debounced, and picks with the keyboard', async () => {
    // The debounce runs on a clock the test moves.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const queries = countSearches()
    const changes: (PlaceValue | null)[] = []
    const { user } = renderComponent(<Harness onChange={(p) => changes.push(p)} />)
    const input = screen.getByRole('combobox', { name: 'Area or locality' })
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveAttribute('aria-autocomplete', 'list')

    await user.type(input, 'L')
    // One letter, left alone past the debounce, opens nothing (and asks nothing: see below).
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS))
    expect(input).toHaveAttribute('aria-expanded', 'false')

    await user.type(input, 'ajpat')
    const list = await screen.findByRole('listbox', { name: 'Area or locality' })
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2))
    // Now that the server has answered a search, the searches it saw are all there were: none for the
    // one letter, and typing fast asked once for the whole word, not once per letter.
    expect(queries).toEqual(['Lajpat'])
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', list.id)
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([LAJPAT_NAGAR.label, LAJPAT_NAGAR_IV.label])
    expect(screen.getByText('2 places found')).toBeInTheDocument()

    await user.keyboard('{ArrowDown}{ArrowDown}')
    const second = within(list).getAllByRole('option')[1]
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(input).toHaveAttribute('aria-activedescendant', second.id)
    await user.keyboard('{ArrowUp}')
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')

    expect(changes).toEqual([LAJPAT_NAGAR])
    expect(input).toHaveValue(LAJPAT_NAGAR.label)
    expect(input).toHaveAttribute('aria-expanded', 'false')
    // Enter picked; it did not submit the form.
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByTestId('chosen')).toHaveTextContent('Lajpat Nagar')
  })

  it('picks with a click (or tap), and editing the text clears the chosen place', async () => {
    const changes: (PlaceValue | null)[] = []
    const { user } = renderComponent(<Harness onChange={(p) => changes.push(p)} />)
    const input = screen.getByRole('combobox', { name: 'Area or locality' })
    await user.type(input, '1100')
    const option = await screen.findByRole('option', { name: CONNAUGHT_PLACE.label })
    await user.click(option)
    expect(changes).toEqual([CONNAUGHT_PLACE])
    expect(input).toHaveValue(CONNAUGHT_PLACE.label)
    expect(input).toHaveFocus()

    await user.type(input, 'x')
    expect(changes).toEqual([CONNAUGHT_PLACE, null])
    expect(screen.getByTestId('chosen')).toHaveTextContent('none')
  })

  it('closes on Escape, then clears on a second Escape; the clear button clears too', async () => {
    const { user } = renderComponent(<Harness initial={LAJPAT_NAGAR} />)
    const input = screen.getByRole('combobox', { name: 'Area or locality' })
    expect(input).toHaveValue(LAJPAT_NAGAR.label)
    await user.click(screen.getByRole('button', { name: 'Clear area or locality' }))
    expect(input).toHaveValue('')
    expect(screen.getByTestId('chosen')).toHaveTextContent('none')

    await user.type(input, 'Conn')
    await screen.findByRole('option', { name: CONNAUGHT_PLACE.label })
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveValue('Conn')
    await user.keyboard('{Escape}')
    expect(input).toHaveValue('')
  })

  it('says when nothing matches, and when the search failed', async () => {
    const { user } = renderComponent(<Harness />)
    const input = screen.getByRole('combobox', { name: 'Area or locality' })
    await user.type(input, 'Zzyzx')
    expect(await screen.findByText('No places found', { selector: 'p:not([id])' })).toBeInTheDocument()
    // Enter with nothing to pick neither picks nor submits.
    await user.keyboard('{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()

    server.use(http.get('*/api/places', () => apiError(500, { message: 'Boom', code: 'internal' })))
    await user.clear(input)
    await user.type(input, 'Qwerty')
    expect(await screen.findByText('Boom', { selector: 'p:not([id])' })).toBeInTheDocument()
  })

  it('shows a place set from outside as its label, and clears with it', async () => {
    function Outside() {
      const [value, setValue] = useState<PlaceValue | null>(null)
      return (
        <>
          <PlaceSearch label="Where" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(LAJPAT_NAGAR_IV)}>
            Set
          </button>
          <button type="button" onClick={() => setValue(null)}>
            Unset
          </button>
        </>
      )
    }
    const { user } = renderComponent(<Outside />)
    const input = screen.getByRole('combobox', { name: 'Where' })
    await user.click(screen.getByRole('button', { name: 'Set' }))
    expect(input).toHaveValue(LAJPAT_NAGAR_IV.label)
    await user.click(screen.getByRole('button', { name: 'Unset' }))
    expect(input).toHaveValue('')
  })
})

describe('useNearestPlace', () => {
  function Nearest({ location }: { location: [number, number] | { lat: number; lng: number } | null }) {
    const nearest = useNearestPlace(location)
    return (
      <p data-testid="nearest">
        {nearest.isPending ? 'idle' : nearest.isError ? 'error' : (nearest.data?.label ?? 'nowhere')}
      </p>
    )
  }

  it('names a point by the place it lies in, [lng, lat] or {lat, lng}; null far away; nothing asked without one', async () => {
    const asked: string[] = []
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === '/api/places/nearest') asked.push(url.searchParams.get('location') ?? '')
    })
    const { rerender } = renderComponent(<Nearest location={null} />)
    expect(screen.getByTestId('nearest')).toHaveTextContent('idle')
    rerender(<Nearest location={[77.2431, 28.5676]} />)
    await waitFor(() => expect(screen.getByTestId('nearest')).toHaveTextContent(LAJPAT_NAGAR.label))
    rerender(<Nearest location={{ lat: 28.6315, lng: 77.2167 }} />)
    await waitFor(() => expect(screen.getByTestId('nearest')).toHaveTextContent(CONNAUGHT_PLACE.label))
    rerender(<Nearest location={[0, 51.5]} />)
    await waitFor(() => expect(screen.getByTestId('nearest')).toHaveTextContent('nowhere'))
    expect(asked).toEqual(['[77.2431,28.5676]', '[77.2167,28.6315]', '[0,51.5]'])
  })

  it('passes other failures on', async () => {
    server.use(
      http.get('*/api/places/nearest', () => HttpResponse.json({ message: 'x', code: 'internal' }, { status: 500 })),
    )
    renderComponent(<Nearest location={[77.2, 28.6]} />)
    await waitFor(() => expect(screen.getByTestId('nearest')).toHaveTextContent('error'))
  })
})

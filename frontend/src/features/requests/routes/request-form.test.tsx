import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REDIRECT_AFTER_REQUEST_EDIT_MS } from '@/lib/constants'
import { apiError } from '@/test/http'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { LAJPAT_NAGAR } from '@/test/places'
import { loadScreen } from '@/test/screens'
import { server } from '@/test/server'
import { makeRequest } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

function textbox(name: string) {
  return screen.getByRole('textbox', { name: new RegExp(`^${name}`) })
}

function select(name: string) {
  return screen.getByRole('combobox', { name: new RegExp(`^${name}`) })
}

/** Waits for the vocabulary to fill the subject select. */
async function vocabularyLoaded() {
  await screen.findByRole('option', { name: 'Mathematics' })
}

describe('the request form (SPEC §4, §5)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation')
    vi.useRealTimers()
  })

  it('requires subject, class, preferred time and a point on the map, and sends nothing until then', async () => {
    signInAs({ role: 'parent' })
    let posts = 0
    server.use(http.post('*/api/tuition', () => ((posts += 1), HttpResponse.json(makeRequest(), { status: 201 }))))
    const { user } = renderApp('/request/new')
    await user.click(await screen.findByRole('button', { name: 'Post Request' }))
    expect(screen.getByText('Subject is required.')).toBeInTheDocument()
    expect(screen.getByText('Class is required.')).toBeInTheDocument()
    expect(screen.getByText('Preferred time is required.')).toBeInTheDocument()
    expect(screen.getByText('Please select location on the map.')).toBeInTheDocument()

    await vocabularyLoaded()
    await user.selectOptions(select('Subject'), 'Physics')
    await user.selectOptions(select('Class'), 'Class 12')
    await user.type(textbox('Preferred time'), 'Weekends')
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    expect(screen.queryByText('Subject is required.')).not.toBeInTheDocument()
    expect(screen.getByText('Please select location on the map.')).toBeInTheDocument()
    expect(screen.getByTestId('map-picker')).toHaveAttribute('data-state', 'idle')
    expect(posts).toBe(0)
  })

  it('create mode posts [longitude, latitude] from the map click, then goes to /dashboard', async () => {
    signInAs({ role: 'parent' })
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/tuition', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(makeRequest(), { status: 201 })
      }),
    )
    const { user } = renderApp('/request/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'Post a Tuition Request' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    await vocabularyLoaded()
    await user.selectOptions(select('Subject'), 'Physics')
    await user.selectOptions(select('Class'), 'Class 12')
    await user.selectOptions(select('Board'), 'CBSE')
    await user.click(screen.getByRole('radio', { name: 'Online' }))
    await user.type(textbox('Preferred time'), 'Weekends')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    // The point reads as the place it lies in, never as coordinates.
    await waitFor(() =>
      expect(screen.getByTestId('selected-location')).toHaveTextContent(
        'Selected location: Connaught Place, New Delhi',
      ),
    )
    expect(screen.getByTestId('selected-location')).not.toHaveTextContent(/\d\.\d/)
    expect(screen.getByTestId('map-picker')).toHaveAttribute('data-state', 'ready')
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
    expect(bodies).toEqual([
      {
        subjectId: 'physics',
        subject: 'Physics',
        classId: 'class-12',
        classLevel: 'Class 12',
        board: 'cbse',
        mode: 'online',
        preferredTime: 'Weekends',
        location: { type: 'Point', coordinates: [77.215, 28.62] },
      },
    ])
  })

  it("finds the locality by name: the map centres there and the pin is set; 'Other' sends the parent's words", async () => {
    signInAs({ role: 'parent' })
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/tuition', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(makeRequest(), { status: 201 })
      }),
    )
    const { user } = renderApp('/request/new')
    await vocabularyLoaded()
    await user.selectOptions(select('Subject'), 'Other…')
    await user.selectOptions(select('Class'), 'Other…')
    await user.type(textbox('Preferred time'), 'Evenings')
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    expect(screen.getByText('Please say which subject.')).toBeInTheDocument()
    expect(screen.getByText('Please say which class or exam.')).toBeInTheDocument()
    await user.type(textbox('Which subject'), ' Vedic maths ')
    await user.type(textbox('Which class'), 'CA Foundation')

    const search = screen.getByRole('combobox', { name: 'Search for your area' })
    await user.type(search, 'Lajpat')
    await user.click(await screen.findByRole('option', { name: LAJPAT_NAGAR.label }))
    const map = screen.getByRole('region', { name: /Location map/ })
    expect(map).toHaveAttribute('data-center', '28.5677,77.2432')
    expect(map).toHaveAttribute('data-zoom', '15')
    expect(within(map).getByRole('list', { name: 'Map markers' })).toHaveTextContent('Selected location')
    await waitFor(() =>
      expect(screen.getByTestId('selected-location')).toHaveTextContent('Selected location: Lajpat Nagar, South Delhi'),
    )
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
    expect(bodies).toEqual([
      {
        subjectId: 'other',
        subject: 'Vedic maths',
        classId: 'other',
        classLevel: 'CA Foundation',
        board: null,
        mode: 'home',
        preferredTime: 'Evenings',
        location: { type: 'Point', coordinates: [77.2432, 28.5677] },
      },
    ])
  })

  it("shows the server's field message next to the field", async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.post('*/api/tuition', () =>
        apiError(400, { message: 'Invalid request', code: 'validation', fields: { subject: 'Subject is too long.' } }),
      ),
    )
    const { user } = renderApp('/request/new')
    await vocabularyLoaded()
    await user.selectOptions(select('Subject'), 'Physics')
    await user.selectOptions(select('Class'), 'Class 12')
    await user.type(textbox('Preferred time'), 'Weekends')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    expect(await screen.findByText('Subject is too long.')).toBeInTheDocument()
    expect(currentPath()).toBe('/request/new')
  })

  it('edit mode loads the request, Cancel puts the loaded values back, and saving returns to /dashboard', async () => {
    signInAs({ role: 'parent' })
    // An old request (no ids yet) is read through the vocabulary: 'Chemistry' and 'Class 11' map.
    const request = makeRequest({ id: 42, subject: 'Chemistry', classLevel: 'Class 11' })
    const puts: unknown[] = []
    server.use(
      http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 1 }), request])),
      http.put('*/api/tuition/42', async ({ request: r }) => {
        puts.push(await r.json())
        return HttpResponse.json({ ...request, subject: 'Biology' })
      }),
    )
    const { user } = renderApp('/request/42/edit')
    await vocabularyLoaded()
    const subject = select('Subject')
    expect(subject).toHaveValue('chemistry')
    expect(select('Class')).toHaveValue('class-11')
    expect(screen.getByRole('radio', { name: 'At home' })).toBeChecked()
    await waitFor(() =>
      expect(screen.getByTestId('selected-location')).toHaveTextContent(
        'Selected location: Connaught Place, New Delhi',
      ),
    )

    await user.selectOptions(subject, 'Biology')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(subject).toHaveValue('chemistry')

    await user.selectOptions(subject, 'Biology')
    await user.selectOptions(select('Board'), 'ICSE / ISC')
    // The 1.2 s before /dashboard runs on a clock the test moves; the dashboard's code is loaded
    // beforehand, so the address changes the moment the redirect happens.
    await loadScreen('/dashboard')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Update Request' }))
    expect(await screen.findByText('Request updated successfully.')).toBeInTheDocument()
    expect(currentPath()).toBe('/request/42/edit')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_REQUEST_EDIT_MS / 2))
    expect(currentPath()).toBe('/request/42/edit')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_REQUEST_EDIT_MS / 2))
    expect(currentPath()).toBe('/dashboard')
    expect(puts).toEqual([
      {
        subjectId: 'biology',
        subject: 'Biology',
        classId: 'class-11',
        classLevel: 'Class 11',
        board: 'icse',
        mode: 'home',
        preferredTime: 'Weekdays 5-7 PM',
        location: { type: 'Point', coordinates: [77.209, 28.6139] },
      },
    ])
  })

  it('edit mode keeps the ids, board and mode the server sent, and Other with its text', async () => {
    signInAs({ role: 'parent' })
    const request = {
      ...makeRequest({ id: 43, subject: 'Vedic maths', classLevel: 'Class 8' }),
      subjectId: 'other',
      classId: 'class-8',
      board: 'state',
      mode: 'online',
      placeName: 'Lajpat Nagar, South Delhi',
    }
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([request])))
    renderApp('/request/43/edit')
    await vocabularyLoaded()
    expect(select('Subject')).toHaveValue('other')
    expect(textbox('Which subject')).toHaveValue('Vedic maths')
    expect(select('Class')).toHaveValue('class-8')
    expect(select('Board')).toHaveValue('state')
    expect(screen.getByRole('radio', { name: 'Online' })).toBeChecked()
  })

  it("says 'Failed to load request' for a request that is not the parent's", async () => {
    signInAs({ role: 'parent' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 1 })])))
    renderApp('/request/99/edit')
    expect(await screen.findByText('Failed to load request')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: /^Subject/ })).not.toBeInTheDocument()
  })

  it("uses the browser's position, and says so when there is none", async () => {
    signInAs({ role: 'parent' })
    const { user } = renderApp('/request/new')
    await user.click(await screen.findByRole('button', { name: /Use my location/ }))
    expect(screen.getByText('Geolocation not supported')).toBeInTheDocument()
    expect(screen.getByTestId('map-picker')).toHaveAttribute('data-state', 'error')

    let fail = true
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, err: PositionErrorCallback) =>
          fail
            ? err({ code: 1, message: 'denied' } as GeolocationPositionError)
            : ok({ coords: { latitude: 19.076, longitude: 72.8777 } } as GeolocationPosition),
      },
    })
    await user.click(screen.getByRole('button', { name: /Use my location/ }))
    expect(screen.getByText('Failed to get current location')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /Use my location/ }))
    expect(screen.queryByText('Failed to get current location')).not.toBeInTheDocument()
    // Mumbai is not in the test gazetteer: the point is described, not printed as numbers.
    await waitFor(() =>
      expect(screen.getByTestId('selected-location')).toHaveTextContent(
        'Selected location: the point you marked on the map',
      ),
    )
    expect(screen.getByRole('region', { name: /Location map/ })).toHaveAttribute('data-center', '19.076,72.8777')
  })
})

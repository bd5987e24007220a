import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError } from '@/test/http'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeRequest } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

function textbox(name: string) {
  return screen.getByRole('textbox', { name: new RegExp(`^${name}`) })
}

describe('the request form (SPEC §4, §5)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation')
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

    await user.type(textbox('Subject'), 'Physics')
    await user.type(textbox('Class'), 'Class 12')
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
    await user.type(textbox('Subject'), ' Physics ')
    await user.type(textbox('Class'), 'Class 12')
    await user.type(textbox('Preferred time'), 'Weekends')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    expect(screen.getByTestId('selected-location')).toHaveTextContent('Selected location: 28.62000, 77.21500')
    expect(screen.getByTestId('map-picker')).toHaveAttribute('data-state', 'ready')
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
    expect(bodies).toEqual([
      {
        subject: 'Physics',
        classLevel: 'Class 12',
        preferredTime: 'Weekends',
        location: { type: 'Point', coordinates: [77.215, 28.62] },
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
    await user.type(await screen.findByRole('textbox', { name: /^Subject/ }), 'Physics')
    await user.type(textbox('Class'), 'Class 12')
    await user.type(textbox('Preferred time'), 'Weekends')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    await user.click(screen.getByRole('button', { name: 'Post Request' }))
    expect(await screen.findByText('Subject is too long.')).toBeInTheDocument()
    expect(currentPath()).toBe('/request/new')
  })

  it('edit mode loads the request, Cancel puts the loaded values back, and saving returns to /dashboard', async () => {
    signInAs({ role: 'parent' })
    const request = makeRequest({ id: 42, subject: 'Chemistry', classLevel: 'Class 11' })
    const puts: unknown[] = []
    server.use(
      http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 1 }), request])),
      http.put('*/api/tuition/42', async ({ request: r }) => {
        puts.push(await r.json())
        return HttpResponse.json({ ...request, subject: 'Organic Chemistry' })
      }),
    )
    const { user } = renderApp('/request/42/edit')
    const subject = await screen.findByRole('textbox', { name: /^Subject/ })
    expect(subject).toHaveValue('Chemistry')
    expect(textbox('Class')).toHaveValue('Class 11')
    expect(screen.getByTestId('selected-location')).toHaveTextContent('28.61390, 77.20900')

    await user.clear(subject)
    await user.type(subject, 'Biology')
    await user.click(screen.getByRole('button', { name: 'Click on the map' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(subject).toHaveValue('Chemistry')
    expect(screen.getByTestId('selected-location')).toHaveTextContent('28.61390, 77.20900')

    await user.clear(subject)
    await user.type(subject, 'Organic Chemistry')
    await user.click(screen.getByRole('button', { name: 'Update Request' }))
    expect(await screen.findByText('Request updated successfully.')).toBeInTheDocument()
    expect(currentPath()).toBe('/request/42/edit')
    await waitFor(() => expect(currentPath()).toBe('/dashboard'), { timeout: 3000 })
    expect(puts).toEqual([
      {
        subject: 'Organic Chemistry',
        classLevel: 'Class 11',
        preferredTime: 'Weekdays 5-7 PM',
        location: { type: 'Point', coordinates: [77.209, 28.6139] },
      },
    ])
  })

  it("says 'Failed to load request' for a request that is not the parent's", async () => {
    signInAs({ role: 'parent' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 1 })])))
    renderApp('/request/99/edit')
    expect(await screen.findByText('Failed to load request')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^Subject/ })).not.toBeInTheDocument()
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
    expect(screen.getByTestId('selected-location')).toHaveTextContent('19.07600, 72.87770')
  })
})

import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { use, useEffect } from 'react'
import { renderComponent } from '@/test/render-component'
import { MapView } from './MapView'

/** The map's code "arrives" when a test releases it. */
const arrival = vi.hoisted(() => ({ promise: Promise.resolve(), release: () => {} }))

// Leaflet needs a layout jsdom has not: a stand-in that reports itself shown, as the real map does
// once its handlers are attached.
vi.mock('./LeafletMap', () => ({
  default: function FakeLeafletMap({ named, onShown }: { named: boolean; onShown: (c: HTMLElement) => void }) {
    use(arrival.promise)
    useEffect(() => onShown(document.getElementById('fake-leaflet')!), [onShown])
    return (
      <div
        id="fake-leaflet"
        tabIndex={0}
        data-testid="fake-leaflet"
        role={named ? 'region' : undefined}
        aria-label={named ? 'Map of the area' : undefined}
      />
    )
  },
}))

/** An IntersectionObserver that reports only when told. */
let reportInView: (() => void) | null = null
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    reportInView = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never)
  }
  disconnect() {
    reportInView = null
  }
}

beforeEach(() => {
  reportInView = null
  arrival.promise = new Promise((resolve) => {
    arrival.release = resolve
  })
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
})
afterEach(() => vi.unstubAllGlobals())

const CENTRE = { lat: 28.6139, lng: 77.209 }

describe('MapView', () => {
  it('holds the map’s place with a named stand-in until the map comes into view', async () => {
    const onLoading = vi.fn()
    renderComponent(<MapView label="Map of the area" center={CENTRE} zoom={12} markers={[]} onLoading={onLoading} />)
    expect(screen.getByRole('region', { name: 'Map of the area' })).toBe(screen.getByTestId('map-stand-in'))
    expect(screen.queryByTestId('fake-leaflet')).not.toBeInTheDocument()
    expect(onLoading).not.toHaveBeenCalled()

    await act(async () => reportInView!())
    expect(onLoading).toHaveBeenCalledTimes(1)
    await act(async () => arrival.release())
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Map of the area' })).toBe(screen.getByTestId('fake-leaflet')),
    )
    expect(screen.queryByTestId('map-stand-in')).not.toBeInTheDocument()
  })

  it('loads when focused, hands the focus on to the map, and drops the pin at the centre on Enter', async () => {
    const onPick = vi.fn()
    const onReady = vi.fn()
    renderComponent(
      <MapView label="Map of the area" center={CENTRE} zoom={12} markers={[]} onPick={onPick} onReady={onReady} />,
    )
    const standIn = screen.getByTestId('map-stand-in')
    await act(async () => standIn.focus())
    // Before the map's code has arrived.
    fireEvent.keyDown(standIn, { key: 'Enter' })
    expect(onPick).toHaveBeenCalledWith(CENTRE)
    expect(onReady).not.toHaveBeenCalled()
    await act(async () => arrival.release())
    await waitFor(() => expect(screen.getByTestId('fake-leaflet')).toHaveFocus())
    expect(onReady).toHaveBeenCalled()
  })
})

// Leaflet, with its CSS inlined: this module is only ever loaded lazily (through ./MapView), so the code
// and styles reach the browser only when a map is about to be seen or used (DESIGN.md §6).
import leafletStyles from 'leaflet/dist/leaflet.css?inline'
import pinStyles from './pins.css?inline'
import { Box } from '@chakra-ui/react'
import { latLng } from 'leaflet'
import { Crosshair } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Circle, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import { TILE_ATTRIBUTION, TILE_URL } from '@/lib/constants'
import { groupPin, placePin } from './pins'
import type { LatLng, MapViewProps } from './types'

// Leaflet's styles (and the pins') travel inside this file and are added to the page as it loads:
// as a stylesheet of its own they cost one more request, its headers and a round trip before the
// map can be drawn. The page's Content-Security-Policy allows inline styles.
const styles = document.createElement('style')
styles.dataset.map = 'leaflet'
styles.textContent = `${leafletStyles}\n${pinStyles}`
document.head.append(styles)

function round(value: number) {
  return Math.round(value * 1e6) / 1e6
}

/**
 * Clicks (and Enter or Space on the focused map: its centre, under the crosshair) pick a point; the
 * container gets its name once the stand-in that held it is gone (./MapView), never two at once.
 */
function Behaviour({
  label,
  center,
  zoom,
  onPick,
  named,
  onShown,
}: Pick<LeafletMapProps, 'label' | 'center' | 'zoom' | 'onPick' | 'named' | 'onShown'>) {
  const map = useMap()
  // True from a pan's start to its end (an arrow key's glide lasts a quarter second). Enter in the
  // meantime waits for the end: the pin goes where the map is moving to, under the crosshair, never
  // at a point the map is only passing over.
  const moving = useRef(false)
  const dropWaiting = useRef(false)
  useEffect(() => {
    if (!named) return
    const container = map.getContainer()
    container.setAttribute('role', 'region')
    container.setAttribute('aria-label', label)
  }, [map, label, named])
  // A new centre (a chosen place, the browser's position) is shown at least at the given zoom, so
  // a place picked from a search opens at street level; a person's own zooming is kept otherwise.
  useEffect(() => {
    map.setView([center.lat, center.lng], Math.max(map.getZoom(), zoom))
  }, [map, center.lat, center.lng, zoom])
  useMapEvents({
    click(event) {
      onPick?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) })
    },
    movestart() {
      moving.current = true
    },
    moveend() {
      moving.current = false
    },
    keydown(event) {
      const keyEvent = event.originalEvent as KeyboardEvent
      if (!onPick || (keyEvent.key !== 'Enter' && keyEvent.key !== ' ')) return
      // Space would scroll the page.
      keyEvent.preventDefault()
      const drop = () => {
        dropWaiting.current = false
        const c = map.getCenter()
        onPick({ lat: round(c.lat), lng: round(c.lng) })
      }
      if (!moving.current) drop()
      else if (!dropWaiting.current) {
        dropWaiting.current = true
        map.once('moveend', drop)
      }
    },
  })
  // After the handlers above are attached, so a key pressed once the focus is here is not lost.
  useEffect(() => onShown(map.getContainer()), [map, onShown])
  return null
}

/**
 * Shown only while the map has keyboard focus (the container is `:focus-visible`): a ring round
 * the map, which the rounded frame around it would otherwise clip, and a crosshair at its centre
 * where Enter drops the pin. Above the panes and controls; clicks pass through.
 */
function KeyboardFocusOverlay() {
  return (
    <Box
      data-testid="map-keyboard-focus"
      aria-hidden
      position="absolute"
      inset="0"
      zIndex="1000"
      pointerEvents="none"
      display="none"
      borderWidth="3px"
      borderColor="blue.600"
      borderRadius="md"
      css={{ '.leaflet-container:focus-visible > &': { display: 'block' } }}
    >
      <Box
        data-testid="map-crosshair"
        position="absolute"
        top="50%"
        left="50%"
        transform="translate(-50%, -50%)"
        color="blue.800"
        // A white edge keeps it visible on dark and light tiles alike.
        filter="drop-shadow(0 0 1px white) drop-shadow(0 0 1px white)"
      >
        <Crosshair size={36} strokeWidth={2.25} />
      </Box>
    </Box>
  )
}

/** Shows the whole circle whenever its centre or radius changes. */
function FitCircle({ circle }: { circle: NonNullable<MapViewProps['circle']> }) {
  const map = useMap()
  const { lat, lng } = circle.center
  const km = circle.radiusKm
  useEffect(() => {
    map.fitBounds(latLng(lat, lng).toBounds(km * 2000), { animate: false })
  }, [map, lat, lng, km])
  return null
}

interface LeafletMapProps extends Omit<MapViewProps, 'onReady'> {
  /** Whether the container carries the map's role and name (the stand-in does until it goes). */
  named: boolean
  /** Called with the map's container once it can be used. */
  onShown: (container: HTMLElement) => void
}

export default function LeafletMap({
  label,
  center,
  zoom,
  markers,
  onPick,
  circle,
  height = '360px',
  named,
  onShown,
}: LeafletMapProps) {
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      style={{ height, width: '100%', cursor: onPick ? 'crosshair' : undefined }}
    >
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Behaviour label={label} center={center} zoom={zoom} onPick={onPick} named={named} onShown={onShown} />
      {onPick && <KeyboardFocusOverlay />}
      {circle && (
        <>
          <Circle
            center={toLeaflet(circle.center)}
            radius={circle.radiusKm * 1000}
            pathOptions={{ color: '#1d4ed8', fillOpacity: 0.08 }}
          />
          <FitCircle circle={circle} />
        </>
      )}
      {markers.map((marker) => (
        <Marker
          key={marker.id}
          position={toLeaflet(marker.position)}
          icon={marker.count ? groupPin(marker.count) : placePin}
          title={marker.label}
        >
          {marker.popup && <Popup>{marker.popup}</Popup>}
        </Marker>
      ))}
    </MapContainer>
  )
}

function toLeaflet(point: LatLng): [number, number] {
  return [point.lat, point.lng]
}

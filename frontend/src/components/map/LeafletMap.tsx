// Leaflet and its CSS: this module is only ever loaded lazily (through ./MapView), so the code
// and styles reach the browser only on the screens that show a map (DESIGN.md §6).
import 'leaflet/dist/leaflet.css'
import { icon, latLng } from 'leaflet'
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png'
import markerIcon from 'leaflet/dist/images/marker-icon.png'
import markerShadow from 'leaflet/dist/images/marker-shadow.png'
import { useEffect } from 'react'
import { Circle, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import { TILE_ATTRIBUTION, TILE_URL } from '@/lib/constants'
import type { LatLng, MapViewProps } from './types'

// Leaflet finds its default icon by a CSS path guess that bundlers break: import the images so
// Vite emits (or inlines) them, and hand every marker this icon explicitly.
const markerIconDefault = icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
})

function round(value: number) {
  return Math.round(value * 1e6) / 1e6
}

/** Clicks (and Enter on the focused map: its centre) pick a point; the container gets its name. */
function Behaviour({ label, center, zoom, onPick }: Pick<MapViewProps, 'label' | 'center' | 'zoom' | 'onPick'>) {
  const map = useMap()
  useEffect(() => {
    const container = map.getContainer()
    container.setAttribute('role', 'region')
    container.setAttribute('aria-label', label)
  }, [map, label])
  // A new centre (a chosen place, the browser's position) is shown at least at the given zoom, so
  // a place picked from a search opens at street level; a person's own zooming is kept otherwise.
  useEffect(() => {
    map.setView([center.lat, center.lng], Math.max(map.getZoom(), zoom))
  }, [map, center.lat, center.lng, zoom])
  useMapEvents({
    click(event) {
      onPick?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) })
    },
    keydown(event) {
      const key = (event.originalEvent as KeyboardEvent).key
      if (onPick && (key === 'Enter' || key === ' ')) {
        const c = map.getCenter()
        onPick({ lat: round(c.lat), lng: round(c.lng) })
      }
    },
  })
  return null
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

export default function LeafletMap({
  label,
  center,
  zoom,
  markers,
  onPick,
  onReady,
  circle,
  height = '360px',
}: MapViewProps) {
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      style={{ height, width: '100%', cursor: onPick ? 'crosshair' : undefined }}
      whenReady={onReady}
    >
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Behaviour label={label} center={center} zoom={zoom} onPick={onPick} />
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
          icon={markerIconDefault}
          alt={marker.label}
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

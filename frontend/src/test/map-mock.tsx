import { useEffect } from 'react'
import type { MapViewProps } from '@/components/map/types'

/** The point the stand-in map "clicks". */
export const PICKED = { lat: 28.62, lng: 77.215 }

/**
 * A stand-in for the Leaflet map (jsdom has no layout for it): `vi.mock('@/components/map/MapView',
 * () => import('@/test/map-mock'))`. A button plays the click on the map; markers are listed.
 */
export function MapView({
  label,
  onPick,
  onReady,
  markers,
  center,
  zoom,
  circle,
}: MapViewProps & { onError?: () => void }) {
  useEffect(() => onReady?.(), [onReady])
  return (
    <div
      role="region"
      aria-label={label}
      data-center={`${center.lat},${center.lng}`}
      data-zoom={zoom}
      data-circle={circle ? `${circle.center.lat},${circle.center.lng},${circle.radiusKm}` : undefined}
    >
      {onPick && (
        <button type="button" onClick={() => onPick(PICKED)}>
          Click on the map
        </button>
      )}
      <ul aria-label="Map markers">
        {markers.map((m) => (
          <li key={m.id}>{m.label}</li>
        ))}
      </ul>
    </div>
  )
}

export const MAP_LOAD_FAILED = 'The map could not be loaded.'

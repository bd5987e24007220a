import type { ReactNode } from 'react'

/** Latitude and longitude in degrees. */
export interface LatLng {
  lat: number
  lng: number
}

export interface MapMarker {
  id: string | number
  position: LatLng
  /** The marker's alt text and tooltip. */
  label: string
  popup?: ReactNode
  /** A group at one place (tutors near a locality): a round badge with this number instead of the pin. */
  count?: number
}

export interface MapViewProps {
  /** The map's accessible name. */
  label: string
  center: LatLng
  zoom: number
  markers: MapMarker[]
  /** Called with the clicked point (or the map's centre on Enter while the map has focus). */
  onPick?: (point: LatLng) => void
  onReady?: () => void
  height?: string
  /** A circle (a teaching area, a search radius); the view fits it when it changes. */
  circle?: { center: LatLng; radiusKm: number }
}

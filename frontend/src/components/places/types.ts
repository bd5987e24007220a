import type { components } from '@/api/schema'
import type { LatLng } from '@/components/map/types'

/** A point on the wire: `[longitude, latitude]` (GeoJSON order). */
export type LngLat = [number, number]

/**
 * A named place from the gazetteer (GET /api/places, /api/places/nearest). `label` is what a person
 * reads: 'Lajpat Nagar, South Delhi, Delhi 110024'.
 */
export type PlaceValue = components['schemas']['PlaceDto']

/** The wire's `[lng, lat]` of a place (the document states its location as a list of numbers). */
export function placeLngLat(place: Pick<PlaceValue, 'location'>): LngLat {
  return [place.location[0] ?? 0, place.location[1] ?? 0]
}

/** The map's `{lat, lng}` of a place. */
export function placeLatLng(place: Pick<PlaceValue, 'location'>): LatLng {
  return { lat: place.location[1], lng: place.location[0] }
}

/** The wire's `[lng, lat]` of a map point. */
export function toLngLat(point: LatLng): LngLat {
  return [point.lng, point.lat]
}

/** 'Lajpat Nagar, South Delhi': a place's name and district, without the state and PIN code. */
export function shortPlaceName(place: Pick<PlaceValue, 'name' | 'district'>): string {
  return place.district && place.district !== place.name ? `${place.name}, ${place.district}` : place.name
}

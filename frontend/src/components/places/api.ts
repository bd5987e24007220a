import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api, request } from '@/api/client'
import type { LatLng } from '@/components/map/types'
import { i18n } from '@/lib/i18n'
import type { LngLat, PlaceValue } from './types'

export const PLACES_FAILED = 'Could not search places. Please try again.'
/** The server answers [] below this many characters; the web app does not ask. */
export const PLACE_QUERY_MIN = 2
/** The server refuses longer queries (400). */
export const PLACE_QUERY_MAX = 100

export const placesQueryKey = ['places'] as const

/**
 * GET /api/places?q=: at most 10 places, best first; `near` (the place last chosen) puts the places
 * around it first among matches equally good.
 */
export function searchPlaces(q: string, near?: LngLat, signal?: AbortSignal) {
  const query = near ? { q, near: `[${near[0]},${near[1]}]` } : { q }
  return request(api.GET('/places', { params: { query }, signal }), i18n.t('shared:places.failed'))
}

/** `near` is asked about at about 1 km: the server's 'near' reaches 40 km. */
function nearKey(near?: LngLat): LngLat | undefined {
  return near && [Math.round(near[0] * 100) / 100, Math.round(near[1] * 100) / 100]
}

export function placeSearchQueryOptions(q: string, near?: LngLat) {
  const around = nearKey(near)
  return queryOptions({
    queryKey: [...placesQueryKey, 'search', q.toLowerCase(), ...(around ? around : [])],
    queryFn: ({ signal }) => searchPlaces(q, around, signal),
    enabled: q.length >= PLACE_QUERY_MIN,
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  })
}

export function usePlaceSearch(q: string, near?: LngLat) {
  return useQuery(placeSearchQueryOptions(q, near))
}

/** Points are asked about at about 1 m: a re-render with a float wobble is the same question. */
function key(value: number) {
  return Math.round(value * 1e5) / 1e5
}

/** GET /api/places/nearest?location=[lng,lat]: the place a point lies in; null far from India (404). */
export async function nearestPlace(location: LngLat, signal?: AbortSignal): Promise<PlaceValue | null> {
  try {
    const query = { location: JSON.stringify([key(location[0]), key(location[1])]) }
    return await request(
      api.GET('/places/nearest', { params: { query }, signal }),
      i18n.t('shared:places.nearestFailed'),
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

function asLngLat(location: LngLat | LatLng | null | undefined): LngLat | null {
  if (!location) return null
  return Array.isArray(location) ? location : [location.lng, location.lat]
}

export function nearestPlaceQueryOptions(location: LngLat | null) {
  return queryOptions({
    queryKey: [...placesQueryKey, 'nearest', location ? key(location[0]) : null, location ? key(location[1]) : null],
    queryFn: ({ signal }) => nearestPlace(location as LngLat, signal),
    enabled: location !== null,
    staleTime: Infinity,
    retry: false,
  })
}

/**
 * The place a point lies in, for naming a map click ('Lajpat Nagar, South Delhi'): `data` is the
 * place, null when the point is far from any (or still undefined while it loads). Takes the wire's
 * `[lng, lat]` or the map's `{lat, lng}`; null asks nothing.
 */
export function useNearestPlace(location: LngLat | LatLng | null | undefined) {
  return useQuery(nearestPlaceQueryOptions(asLngLat(location)))
}

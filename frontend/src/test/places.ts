import { http, HttpResponse } from 'msw'
import type { PlaceValue } from '@/components/places/types'
import type { ErrorCode } from '@/api/types'
import { apiError } from './http'
import { VOCABULARY } from './vocabulary'

/** Gazetteer entries as GET /api/places answers them. */
export const LAJPAT_NAGAR: PlaceValue = {
  name: 'Lajpat Nagar',
  district: 'South Delhi',
  state: 'Delhi',
  pincode: '110024',
  location: [77.2432, 28.5677],
  label: 'Lajpat Nagar, South Delhi, Delhi 110024',
}

export const LAJPAT_NAGAR_IV: PlaceValue = {
  name: 'Lajpat Nagar IV',
  district: 'South East Delhi',
  state: 'Delhi',
  pincode: '110024',
  location: [77.2445, 28.5649],
  label: 'Lajpat Nagar IV, South East Delhi, Delhi 110024',
}

export const CONNAUGHT_PLACE: PlaceValue = {
  name: 'Connaught Place',
  district: 'New Delhi',
  state: 'Delhi',
  pincode: '110001',
  location: [77.2167, 28.6315],
  label: 'Connaught Place, New Delhi, Delhi 110001',
}

export const KORAMANGALA: PlaceValue = {
  name: 'Koramangala',
  district: 'Bangalore Urban',
  state: 'Karnataka',
  pincode: '560034',
  location: [77.6245, 12.9352],
  label: 'Koramangala, Bangalore Urban, Karnataka 560034',
}

export const PLACES = [LAJPAT_NAGAR, LAJPAT_NAGAR_IV, CONNAUGHT_PLACE, KORAMANGALA]

/** The test gazetteer's answer to `q`: names or PIN codes that start with it, case-insensitively. */
export function findPlaces(q: string): PlaceValue[] {
  const key = q.trim().toLowerCase()
  if (key.length < 2) return []
  return PLACES.filter((p) => p.name.toLowerCase().startsWith(key) || p.pincode.startsWith(key)).slice(0, 10)
}

/** The entry nearest a point (within about 50 km), as /api/places/nearest picks it. */
export function nearestOf(lng: number, lat: number): PlaceValue | null {
  let best: PlaceValue | null = null
  let bestD = Infinity
  for (const p of PLACES) {
    const d = Math.hypot(p.location[0] - lng, p.location[1] - lat)
    if (d < bestD) {
      best = p
      bestD = d
    }
  }
  return bestD < 0.5 ? best : null
}

/** GET /api/places, /api/places/nearest and /api/vocabulary over the fixtures above. */
export const placesHandlers = [
  http.get('*/api/places', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? ''
    if (q.length > 100) return apiError(400, { message: 'The search text is too long.', code: 'validation' })
    return HttpResponse.json(findPlaces(q))
  }),
  http.get('*/api/places/nearest', ({ request }) => {
    const raw = new URL(request.url).searchParams.get('location') ?? ''
    const [lng, lat] = JSON.parse(raw) as [number, number]
    const place = nearestOf(lng, lat)
    return place
      ? HttpResponse.json(place)
      : apiError(404, { message: 'No place near this point.', code: 'place_not_found' as ErrorCode })
  }),
  http.get('*/api/vocabulary', () =>
    HttpResponse.json(VOCABULARY, { headers: { 'Cache-Control': 'public, max-age=3600' } }),
  ),
]

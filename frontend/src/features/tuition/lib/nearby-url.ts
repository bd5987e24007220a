import { DISTANCE_OPTIONS_KM } from '@/lib/constants'
import type { TutorArea } from '../api/area'
import { initialNearbyState, type CentreSource, type NearbyFilters, type NearbyState } from './nearby-state'

/**
 * A nearby search in the page's address: what differs from where the search starts (the tutor's saved
 * area and radius, no filters) is written to the query string, so a reload, Back from a request's chat,
 * or a link shared with a colleague shows the same search. Anything in a hand-edited address that is
 * not a valid choice is ignored: the search falls back to its start for that part.
 *
 *   /nearby?subject=mathematics&class=class-10&km=5&from=place&lat=28.5677&lng=77.2433&near=Lajpat+Nagar
 *   /nearby?mine=0&sort=newest   (every subject and class, newest first; "only mine" is the start)
 */

const FILTER_PARAMS: { [K in keyof NearbyFilters]: string } = {
  subjectId: 'subject',
  classId: 'class',
  board: 'board',
  mode: 'mode',
}

/** Every key the search owns in the address (others, such as a highlighted `request`, are left alone). */
export const NEARBY_PARAMS = [
  ...Object.values(FILTER_PARAMS),
  'km',
  'from',
  'lat',
  'lng',
  'near',
  'mine',
  'sort',
] as const

const MOVED_CENTRES: readonly CentreSource[] = ['place', 'map', 'location']

// The shape of a vocabulary id; whether the vocabulary has it is checked once it has loaded.
const TERM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

/**
 * Decimals of a centre in the address: ~11 m for a point picked on the map or a place; ~110 m for the
 * device's own location, which a tutor may share in a link without giving away where they stand.
 */
function decimals(source: CentreSource): number {
  return source === 'location' ? 3 : 4
}

function coordinate(raw: string | null, limit: number): number | null {
  if (raw === null || raw.trim() === '') return null
  const value = Number(raw)
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null
}

/** The search as the address describes it, starting from the saved area for whatever it leaves out. */
export function nearbyStateFromUrl(params: URLSearchParams, area: TutorArea | null): NearbyState {
  const state = initialNearbyState(area)

  const km = Number(params.get('km'))
  if ((DISTANCE_OPTIONS_KM as readonly number[]).includes(km)) state.radiusKm = km

  const filters = { ...state.filters }
  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof NearbyFilters, string][]) {
    const id = params.get(param)
    if (id && TERM_ID.test(id)) (filters as Record<keyof NearbyFilters, string>)[key] = id
  }
  state.filters = filters
  if (params.get('mine') === '0') state.mine = false
  if (params.get('sort') === 'newest') state.sort = 'newest'

  const from = params.get('from') as CentreSource | null
  const lat = coordinate(params.get('lat'), 90)
  const lng = coordinate(params.get('lng'), 180)
  if (from && MOVED_CENTRES.includes(from) && lat !== null && lng !== null) {
    state.center = { lat, lng }
    state.centreSource = from
    const near = params.get('near')?.trim().slice(0, 120)
    state.placeName = from === 'place' && near ? near : null
  }
  return state
}

/** The address's query string for `state`: `current`'s other keys kept, the search's own rewritten. */
export function nearbySearchParams(
  state: NearbyState,
  area: TutorArea | null,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const key of NEARBY_PARAMS) next.delete(key)
  const start = initialNearbyState(area)

  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof NearbyFilters, string][]) {
    if (state.filters[key]) next.set(param, state.filters[key])
  }
  if (state.radiusKm !== start.radiusKm) next.set('km', String(state.radiusKm))
  if (!state.mine) next.set('mine', '0')
  if (state.sort !== start.sort) next.set('sort', state.sort)
  if (MOVED_CENTRES.includes(state.centreSource)) {
    const places = decimals(state.centreSource)
    next.set('from', state.centreSource)
    next.set('lat', state.center.lat.toFixed(places))
    next.set('lng', state.center.lng.toFixed(places))
    if (state.centreSource === 'place' && state.placeName) next.set('near', state.placeName)
  }
  return next
}

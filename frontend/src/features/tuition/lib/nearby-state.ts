import type { NearbyRequest } from '@/api/types'
import type { LatLng } from '@/components/map/types'
import { placeLatLng, shortPlaceName, type PlaceValue } from '@/components/places/types'
import type { TermIds } from '@/features/vocabulary'
import { DEFAULT_RADIUS_KM, DISTANCE_OPTIONS_KM, MAP_DEFAULT_CENTER } from '@/lib/constants'
import { i18n } from '@/lib/i18n'
import type { TutorArea } from '../api/area'

/**
 * A tutor's nearby search as a pure state machine: where it is centred (and how that centre was chosen),
 * the radius, the vocabulary filters, the "Use my location" round trip and the contacts revealed in this
 * visit. `useNearbySearch` wires it to the queries, the geolocation API and the interest mutation.
 */

export const DEFAULT_CENTER: LatLng = { lat: MAP_DEFAULT_CENTER[0], lng: MAP_DEFAULT_CENTER[1] }

/** Where the search is centred, in words rather than coordinates. */
export type CentreSource = 'area' | 'default' | 'location' | 'map' | 'place'

/** A parent's contacts: in the nearby results once interested, or from the 'I'm interested' answer. */
export type ParentContact = NonNullable<NearbyRequest['contact']>

export type FilterFacet = 'subjects' | 'classes' | 'boards' | 'modes'

/** Each vocabulary filter: an id the vocabulary has, or '' for any. */
export interface NearbyFilters {
  subjectId: TermIds['subjects'] | ''
  classId: TermIds['classes'] | ''
  board: TermIds['boards'] | ''
  mode: TermIds['modes'] | ''
}

const FILTER_OF: { [F in FilterFacet]: keyof NearbyFilters } = {
  subjects: 'subjectId',
  classes: 'classId',
  boards: 'board',
  modes: 'mode',
}

/** The list's order: nearest first, or newest first. */
export type NearbySort = 'distance' | 'newest'

export interface NearbyState {
  center: LatLng
  centreSource: CentreSource
  /** The place searched for, while it is the centre (or still shown in the search box). */
  place: PlaceValue | null
  /**
   * The searched place's short name while it is the centre: from the place chosen, or from a link
   * (the page's address keeps the name, not the whole place).
   */
  placeName: string | null
  radiusKm: number
  filters: NearbyFilters
  /** Only the requests for the tutor's own subjects and classes (on unless turned off). */
  mine: boolean
  sort: NearbySort
  locating: boolean
  geoError: string | null
  /** Contacts revealed by 'I'm interested' in this visit, until the refreshed results carry them. */
  revealed: ReadonlyMap<number, ParentContact>
}

export type NearbyAction =
  | { type: 'radiusChosen'; radiusKm: number }
  | { type: 'mineChosen'; mine: boolean }
  | { type: 'sortChosen'; sort: NearbySort }
  /** `id` is '' for "any", or an id the vocabulary has (the hook checks it). */
  | { type: 'filterChosen'; facet: FilterFacet; id: string }
  /** A place picked in the search box, or the box cleared (the centre stays). */
  | { type: 'placeChosen'; place: PlaceValue | null }
  | { type: 'mapPicked'; point: LatLng }
  | { type: 'locating' }
  | { type: 'located'; point: LatLng }
  | { type: 'locateFailed'; message: string }
  | { type: 'contactRevealed'; requestId: number; contact: ParentContact }

/** The search starts from the tutor's saved teaching area and radius, else from New Delhi. */
export function initialNearbyState(area: TutorArea | null): NearbyState {
  return {
    center: area ? { lat: area.location[1] ?? 0, lng: area.location[0] ?? 0 } : DEFAULT_CENTER,
    centreSource: area ? 'area' : 'default',
    place: null,
    placeName: null,
    radiusKm: area?.radiusKm ?? DEFAULT_RADIUS_KM,
    filters: { subjectId: '', classId: '', board: '', mode: '' },
    mine: true,
    sort: 'distance',
    locating: false,
    geoError: null,
    revealed: new Map(),
  }
}

export function nearbyReducer(state: NearbyState, action: NearbyAction): NearbyState {
  switch (action.type) {
    case 'radiusChosen':
      return { ...state, radiusKm: action.radiusKm }
    case 'mineChosen':
      return { ...state, mine: action.mine }
    case 'sortChosen':
      return { ...state, sort: action.sort }
    case 'filterChosen':
      return { ...state, filters: { ...state.filters, [FILTER_OF[action.facet]]: action.id } }
    case 'placeChosen':
      if (!action.place) return { ...state, place: null, placeName: null }
      return {
        ...state,
        place: action.place,
        placeName: shortPlaceName(action.place),
        center: placeLatLng(action.place),
        centreSource: 'place',
      }
    case 'mapPicked':
      return { ...state, center: action.point, centreSource: 'map', place: null, placeName: null }
    case 'locating':
      return { ...state, locating: true, geoError: null }
    case 'located':
      return { ...state, locating: false, center: action.point, centreSource: 'location', place: null, placeName: null }
    case 'locateFailed':
      return { ...state, locating: false, geoError: action.message }
    case 'contactRevealed':
      return { ...state, revealed: new Map(state.revealed).set(action.requestId, action.contact) }
  }
}

/** What the nearby query asks the server. */
export function nearbyQuery(state: NearbyState) {
  const { center, radiusKm, mine, sort } = state
  return { lat: center.lat, lng: center.lng, radiusKm, mine, sort, ...state.filters }
}

/** The centre's name when it is known without asking the server: the place searched for, or the saved area's. */
export function knownCentreName(state: NearbyState, area: TutorArea | null): string | null {
  if (state.centreSource === 'place' && state.placeName) return state.placeName
  if (state.centreSource === 'area') return area?.placeName ?? null
  return null
}

/** Whether the server is asked which place the centre lies in (not for a named centre, nor the default). */
export function needsNearestPlace(state: NearbyState, knownName: string | null): boolean {
  return !knownName && state.centreSource !== 'default'
}

/**
 * 'Lajpat Nagar, South Delhi' for a place searched for; otherwise how the centre was chosen, with
 * the place it lies in when known ('your teaching area (Lajpat Nagar, South Delhi)').
 */
export function centreLabel(source: CentreSource, placeName: string | null): string {
  if (source === 'place' && placeName) return placeName
  const label = i18n.t('tuition:centre', { src: source })
  return placeName && source !== 'default' ? `${label} (${placeName})` : label
}

/** The distance choices, with a saved radius that is not one of them in its place. */
export function radiusOptions(radiusKm: number): number[] {
  return (DISTANCE_OPTIONS_KM as readonly number[]).includes(radiusKm)
    ? [...DISTANCE_OPTIONS_KM]
    : [...DISTANCE_OPTIONS_KM, radiusKm].sort((a, b) => a - b)
}

/** The results with the contacts revealed in this visit: those requests count as interested. */
export function withRevealed(results: NearbyRequest[], revealed: ReadonlyMap<number, ParentContact>): NearbyRequest[] {
  return results.map((r) => {
    const contact = r.contact ?? revealed.get(r.id)
    return contact ? { ...r, interested: true, contact } : r
  })
}

/** The search in one line for the phone's folded filters: 'Around your teaching area (Lajpat Nagar) · 10 km · Mathematics'. */
export function searchSummary(
  state: NearbyState,
  centreName: string | null,
  labelOf: (facet: FilterFacet, id: string) => string,
): string {
  const chosen = (Object.entries(FILTER_OF) as [FilterFacet, keyof NearbyFilters][])
    .map(([facet, key]) => (state.filters[key] ? labelOf(facet, state.filters[key]) : ''))
    .filter(Boolean)
  const around = i18n.t('tuition:sheet.summary', {
    centre: centreLabel(state.centreSource, centreName),
    km: state.radiusKm,
  })
  const order = state.sort === 'newest' ? [i18n.t('tuition:sort.newest')] : []
  return [around, ...chosen, ...order].join(' · ')
}

export function resultSummary(count: number, radiusKm: number, sort: NearbySort = 'distance'): string {
  return i18n.t(sort === 'newest' ? 'tuition:summaryNewest' : 'tuition:summary', { count, km: radiusKm })
}

/** Whether the tutor's area names subjects or classes, which "only mine" keeps to. */
export function hasOwnChoices(area: TutorArea | null): boolean {
  return !!area && (area.subjects.length > 0 || area.classes.length > 0)
}

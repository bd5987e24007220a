import type { TutorSearchQuery } from '@/api/discovery-types'

/** What the /tutors URL holds: a shared link reproduces the search. */
export interface SearchState {
  subject: string
  classLevel: string
  board: string
  mode: string
  /** Rupees per hour, the fee range's ends; '' = open. */
  minFee: string
  maxFee: string
  /** '' = any. */
  minRating: string
  verified: boolean
  /** The place as typed or chosen: '110024', 'Lajpat Nagar'; resolved through /api/places. */
  place: string
  /** `[lng,lat]` when a place was chosen from suggestions (no lookup needed). */
  location: [number, number] | null
  radiusKm: number
  page: number
}

export const DEFAULT_RADIUS_KM = 10
/** The server's bounds of `radiusKm` (a link with another distance falls back to the default). */
export const MIN_RADIUS_KM = 1
export const MAX_RADIUS_KM = 50
export const RADIUS_CHOICES = [2, 5, 10, 20, 50] as const
export const FEE_CHOICES = [300, 500, 800, 1000, 1500, 2000] as const
export const RATING_CHOICES = [3, 3.5, 4, 4.5] as const

function parseLocation(text: string | null): [number, number] | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
      Math.abs(value[0] as number) <= 180 &&
      Math.abs(value[1] as number) <= 90
    ) {
      return [value[0] as number, value[1] as number]
    }
  } catch {
    return null
  }
  return null
}

function positiveInt(text: string | null, fallback: number): number {
  const n = Number(text)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

export function readSearch(params: URLSearchParams): SearchState {
  const radius = Number(params.get('radiusKm'))
  return {
    subject: params.get('subject') ?? '',
    classLevel: params.get('classLevel') ?? '',
    board: params.get('board') ?? '',
    mode: params.get('mode') ?? '',
    minFee: params.get('minFee') ?? '',
    maxFee: params.get('maxFee') ?? '',
    minRating: params.get('minRating') ?? '',
    verified: params.get('verified') === 'true',
    place: params.get('place') ?? '',
    location: parseLocation(params.get('location')),
    radiusKm: radius >= MIN_RADIUS_KM && radius <= MAX_RADIUS_KM ? radius : DEFAULT_RADIUS_KM,
    page: positiveInt(params.get('page'), 1),
  }
}

/** The URL of a search: only what differs from the defaults, so links stay short. */
export function writeSearch(state: SearchState): URLSearchParams {
  const params = new URLSearchParams()
  const set = (key: string, value: string) => {
    if (value) params.set(key, value)
  }
  set('subject', state.subject)
  set('place', state.place)
  if (state.location) params.set('location', JSON.stringify(state.location))
  set('classLevel', state.classLevel)
  set('board', state.board)
  set('mode', state.mode)
  set('minFee', state.minFee)
  set('maxFee', state.maxFee)
  set('minRating', state.minRating)
  if (state.verified) params.set('verified', 'true')
  if (state.radiusKm !== DEFAULT_RADIUS_KM) params.set('radiusKm', String(state.radiusKm))
  if (state.page > 1) params.set('page', String(state.page))
  return params
}

/** The API query for a search at `location`. */
export function toQuery(state: SearchState, location: [number, number]): TutorSearchQuery {
  const rupees = (text: string) => {
    const n = Number(text)
    return text && Number.isInteger(n) && n >= 0 ? n : undefined
  }
  const rating = Number(state.minRating)
  return {
    location,
    radiusKm: state.radiusKm,
    subject: state.subject || undefined,
    classLevel: state.classLevel || undefined,
    board: state.board || undefined,
    mode: state.mode || undefined,
    minFee: rupees(state.minFee),
    maxFee: rupees(state.maxFee),
    minRating: state.minRating && Number.isFinite(rating) ? rating : undefined,
    verified: state.verified || undefined,
    page: state.page,
  }
}

/**
 * Issue 20 (discovery): the wire shapes of the new endpoints the web app's tutor search, public
 * profile, photo upload and recommendations use, written to match the shapes fixed for the server
 * until the OpenAPI document has them. When the backend merges, switch these to the generated
 * types (`components['schemas'][…]`) here, in this one place.
 */

/** A vocabulary term: `{id, label}`; an 'other' entry is `{id: 'other', label: '<text>'}`. */
export interface Term {
  id: string
  label: string
  synonyms?: string[]
}

/** GET /api/vocabulary */
export interface Vocabulary {
  subjects: Term[]
  classes: Term[]
  boards: Term[]
  modes: Term[]
}

/** GET /api/places (components/places' type, owned by the place search). */
export type { PlaceValue as Place } from '@/components/places/types'

/** A tutor as a search result (public data only: never an e-mail or phone). */
export interface TutorCard {
  id: number
  fullname: string
  photoUrl: string | null
  /** At most 160 characters. */
  about: string
  subjects: Term[]
  classes: Term[]
  boards: Term[]
  modes: Term[]
  /** Rupees per hour. */
  feePerHour: number | null
  feeNotes: string
  rating: number | null
  reviewCount: number
  /** Rounded to 0.1 km. */
  distanceKm: number
  placeName: string | null
  verified: boolean
  featured: boolean
  badges: string[]
}

/** GET /api/tutors/search */
export interface TutorSearchResult {
  tutors: TutorCard[]
  total: number
  page: number
  pageSize: number
}

/** GET /api/tutors/search's query (vocabulary ids for the filters). */
export interface TutorSearchQuery {
  location: [number, number]
  radiusKm?: number
  subject?: string
  classLevel?: string
  board?: string
  mode?: string
  minRating?: number
  maxFee?: number
  verified?: boolean
  page?: number
}

/** GET /api/tuition/{id}/recommendations: at most 10, best first. */
export interface RecommendedTutor extends TutorCard {
  /** 0–100 */
  score: number
  /** '2.1 km away', 'Teaches Mathematics for Class 8', 'CBSE', '★ 4.6 from 12 reviews', 'Verified'. */
  reasons: string[]
  invited: boolean
}

export interface RecommendationsResult {
  tutors: RecommendedTutor[]
}

/** POST /api/tuition/{id}/invite: 201 the first time, 200 when already invited. */
export interface InviteResult {
  invited: true
}

/** POST /api/tutors/me/photo */
export interface PhotoResult {
  photoUrl: string
}

/** A tutor's teaching area as the public profile shows it. */
export interface TeachingAreaSummary {
  placeName: string | null
  radiusKm: number
  subjects: Term[]
  classes: Term[]
  boards: Term[]
  modes: Term[]
}

/**
 * What GET /api/tutors/{idOrEmail} gains. Optional here so that today's server (without them)
 * still fits; the generated types will make them required.
 */
export interface TutorProfileExtras {
  feePerHour?: number | null
  photoUrl?: string | null
  /** Admin-approved. */
  verified?: boolean
  rating?: number | null
  reviewCount?: number
  /** Five counts: index 0 = 1 star … 4 = 5 stars. */
  ratingCounts?: number[]
  area?: TeachingAreaSummary | null
}

/** What each review of GET /api/tutors/{id}/reviews gains: 'in touch via HomeTutor'. */
export interface ReviewExtras {
  inTouch?: boolean
}

/** PUT /api/tutors/{email} accepts it besides the eight text fields: an integer 0–100000, or null. */
export interface FeePerHourChange {
  feePerHour: number | null
}

export const FEE_PER_HOUR_MAX = 100_000

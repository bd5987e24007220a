/**
 * Discovery: the wire shapes of the tutor search, public profile, photo upload and
 * recommendations, as the OpenAPI document states them.
 */
import type { components } from './schema'
import type { ApiPaths } from './types'

type Schemas = components['schemas']

/** A vocabulary term: `{id, label}`; an 'other' entry is `{id: 'other', label: '<text>'}`. */
export type Term = Schemas['TermDto']

/** GET /api/vocabulary */
export type Vocabulary = Schemas['VocabularyDto']

/** GET /api/places (components/places' type, owned by the place search). */
export type { PlaceValue as Place } from '@/components/places/types'

/** A tutor as a search result (public data only: never an e-mail or phone). */
export type TutorCard = Schemas['TutorCardDto']

/** GET /api/tutors/search */
export type TutorSearchResult = Schemas['TutorSearchDto']

type SearchParams = NonNullable<ApiPaths['/tutors/search']['get']['parameters']['query']>

/** GET /api/tutors/search's query (vocabulary ids for the filters); `location` is sent as JSON. */
export type TutorSearchQuery = Omit<SearchParams, 'location'> & { location: [number, number] }

/** GET /api/tuition/{id}/recommendations: at most 10, best first. */
export type RecommendedTutor = Schemas['RecommendedTutorDto']

export type RecommendationsResult = Schemas['RecommendationsDto']

/** POST /api/tuition/{id}/invite: 201 the first time, 200 when already invited. */
export type InviteResult = Schemas['InvitedDto']

/** POST /api/tutors/me/photo */
export type PhotoResult = Schemas['PhotoDto']

/** A tutor's teaching area as the public profile shows it. */
export type TeachingAreaSummary = Schemas['AreaSummaryDto']

/** PUT /api/tutors/{email} accepts it besides the eight text fields: an integer 0–100000, or null. */
export interface FeePerHourChange {
  feePerHour: number | null
}

export const FEE_PER_HOUR_MAX = 100_000

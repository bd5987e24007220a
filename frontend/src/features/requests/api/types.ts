import type { components } from '@/api/schema'
import type { TuitionRequest } from '@/api/types'

/** A point as the map gives it: latitude and longitude in degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** 'home' (at the student's home) or 'online'. */
export type TeachingMode = 'home' | 'online'

/**
 * What issue 20 adds to every request DTO (GET /tuition/mine, /tuition/nearby): vocabulary ids and
 * the point's place name. Optional until the backend branch's OpenAPI document lists them; then
 * this becomes the generated type in this one place.
 */
export interface RequestVocabularyFields {
  /** A subject id, 'other' (the text says what), or null before the start-up backfill. */
  subjectId?: string | null
  classId?: string | null
  /** A board id, or null when the parent did not say. */
  board?: string | null
  mode?: TeachingMode
  /** 'Lajpat Nagar, South Delhi' for the parent's own point. */
  placeName?: string | null
}

/** A parent's own request as issue 20's server sends it. */
export type MyRequest = TuitionRequest & RequestVocabularyFields

/** What the request form sends (POST /tuition, PUT /tuition/{id}). */
export interface RequestInput {
  /** A subject id or 'other'. */
  subjectId: string
  /** The subject's text: the parent's words for 'other', else the term's label. */
  subject: string
  classId: string
  classLevel: string
  /** A board id, or '' for none. */
  board: string
  mode: TeachingMode
  preferredTime: string
  location: LatLng
}

/**
 * The server wants GeoJSON: coordinates are [longitude, latitude]. The texts are sent beside the
 * ids (the term's label for a known id), so a server that does not read ids yet stores the same.
 */
export function toBody(input: RequestInput) {
  return {
    subjectId: input.subjectId,
    subject: input.subject.trim(),
    classId: input.classId,
    classLevel: input.classLevel.trim(),
    board: input.board || null,
    mode: input.mode,
    preferredTime: input.preferredTime.trim(),
    location: { type: 'Point', coordinates: [input.location.lng, input.location.lat] },
  }
}

/** Why a parent closed a request. */
export type CloseOutcome = components['schemas']['CloseOutcomeDto']

/** What POST /tuition/{id}/close takes: `tutorId` (one of the interested tutors) only with `found_tutor`. */
export type CloseRequestBody = components['schemas']['CloseBody']

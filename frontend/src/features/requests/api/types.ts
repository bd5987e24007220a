import type { components } from '@/api/schema'
import type { TuitionRequest } from '@/api/types'

/** A point as the map gives it: latitude and longitude in degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** 'home' (at the student's home) or 'online'. */
export type TeachingMode = 'home' | 'online'

/** A parent's own request (GET /tuition/mine): vocabulary ids and the point's place name included. */
export type MyRequest = TuitionRequest

type Body = components['schemas']['RequestBody']

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
export function toBody(input: RequestInput): Body {
  // The ids come from the server's vocabulary; the server answers 400 for one it does not know.
  return {
    subjectId: input.subjectId as Body['subjectId'],
    subject: input.subject.trim(),
    classId: input.classId as Body['classId'],
    classLevel: input.classLevel.trim(),
    board: (input.board || null) as Body['board'],
    mode: input.mode,
    preferredTime: input.preferredTime.trim(),
    location: { type: 'Point', coordinates: [input.location.lng, input.location.lat] },
  }
}

/** Why a parent closed a request. */
export type CloseOutcome = components['schemas']['CloseOutcomeDto']

/** What POST /tuition/{id}/close takes: `tutorId` (one of the interested tutors) only with `found_tutor`. */
export type CloseRequestBody = components['schemas']['CloseBody']

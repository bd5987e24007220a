import type { components } from '@/api/schema'

/** A point as the map gives it: latitude and longitude in degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** What the request form sends (POST /tuition, PUT /tuition/{id}). */
export interface RequestInput {
  subject: string
  classLevel: string
  preferredTime: string
  location: LatLng
}

/** The server wants GeoJSON: coordinates are [longitude, latitude]. */
export function toBody(input: RequestInput) {
  return {
    subject: input.subject.trim(),
    classLevel: input.classLevel.trim(),
    preferredTime: input.preferredTime.trim(),
    location: { type: 'Point', coordinates: [input.location.lng, input.location.lat] },
  }
}

/** Why a parent closed a request. */
export type CloseOutcome = components['schemas']['CloseOutcomeDto']

/** What POST /tuition/{id}/close takes: `tutorId` (one of the interested tutors) only with `found_tutor`. */
export type CloseRequestBody = components['schemas']['CloseBody']

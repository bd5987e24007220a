import type { NearbyRequest } from '@/api/types'

/**
 * Issue 20's shapes for this feature, written to match the issue until the backend branch's
 * OpenAPI document lists them; then they become the generated types here, in this one place.
 */

/** A vocabulary entry as the area answers it; an 'other' entry is `{id: 'other', label: '<text>'}`. */
export interface AreaTerm {
  id: string
  label: string
}

/**
 * GET/PUT /tutors/me/area's answer. A server before issue 20 sends the lists as plain strings and
 * no boards, modes or place name; both are read.
 */
export interface TutorArea {
  /** [longitude, latitude]. */
  location: number[]
  radiusKm: number
  subjects: (AreaTerm | string)[]
  classes: (AreaTerm | string)[]
  boards?: (AreaTerm | string)[]
  modes?: (AreaTerm | string)[]
  /** 'Lajpat Nagar, South Delhi'. */
  placeName?: string | null
  updatedAt: string
}

/** What PUT /tutors/me/area takes: each entry an id, or free text (resolved, else kept as other). */
export interface TutorAreaBody {
  location: [number, number]
  radiusKm: number
  subjects: string[]
  classes: string[]
  boards: string[]
  modes: string[]
}

/** A nearby request with issue 20's fields: ids, and 'near Lajpat Nagar, South Delhi' for its point. */
export type NearbyRequestV2 = NearbyRequest & {
  subjectId?: string | null
  classId?: string | null
  board?: string | null
  mode?: 'home' | 'online'
  placeName?: string | null
}

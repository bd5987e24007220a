import type { components } from '@/api/schema'
import type { ApiPaths, SuccessBody } from '@/api/types'

/** A vocabulary entry as the area answers it; an 'other' entry is `{id: 'other', label: '<text>'}`. */
export type AreaTerm = components['schemas']['TermDto']

/** GET/PUT /tutors/me/area's answer. */
export type TutorArea = SuccessBody<ApiPaths['/tutors/me/area']['get']>

/** What PUT /tutors/me/area takes: each entry an id, or free text (resolved, else kept as other). */
export type TutorAreaBody = components['schemas']['AreaBody']

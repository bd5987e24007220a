import { OTHER, type Facet } from '@/features/vocabulary'
import { DEFAULT_RADIUS_KM, MESSAGES } from '@/lib/constants'
import { z } from '@/lib/zod'
import type { TutorArea } from '../api/area'
import type { AreaTerm } from '../api/types'

/** The server's limits (PUT /tutors/me/area). */
export const AREA_RADIUS_MIN_KM = 2
export const AREA_RADIUS_MAX_KM = 25
export const AREA_MAX_ITEMS = 20
export const AREA_ITEM_MAX_CHARS = 100
export const RADIUS_OPTIONS_KM = [2, 3, 5, 8, 10, 15, 20, 25]

const items = (what: string) =>
  z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(AREA_ITEM_MAX_CHARS, `Each ${what} is at most ${AREA_ITEM_MAX_CHARS} characters.`),
        ),
    )
    .check(z.maxLength(AREA_MAX_ITEMS, `At most ${AREA_MAX_ITEMS} ${what}s.`))

export const areaSchema = z.object({
  location: z
    .nullable(z.object({ lat: z.number(), lng: z.number() }))
    .check(z.refine((v) => v !== null, MESSAGES.selectLocation)),
  radiusKm: z
    .number()
    .check(
      z.gte(AREA_RADIUS_MIN_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`),
      z.lte(AREA_RADIUS_MAX_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`),
    ),
  subjects: items('subject'),
  classes: items('class'),
  boards: items('board'),
  modes: items('mode'),
})

export type AreaForm = z.input<typeof areaSchema>

export type ListName = 'subjects' | 'classes' | 'boards' | 'modes'

/** The four lists of an area, each one vocabulary facet, shown by one component. */
export const LISTS: {
  name: ListName
  facet: Facet
  legend: string
  label: string
  helper: string
  picker: 'select' | 'checkboxes'
}[] = [
  {
    name: 'subjects',
    facet: 'subjects',
    legend: 'Subjects you teach',
    label: 'Subjects',
    helper: 'Pick from the list, or type one we do not list. None: any subject.',
    picker: 'select',
  },
  {
    name: 'classes',
    facet: 'classes',
    legend: 'Classes you teach',
    label: 'Classes',
    helper: 'Pick from the list, or type one we do not list. None: any class.',
    picker: 'select',
  },
  {
    name: 'boards',
    facet: 'boards',
    legend: 'Boards you know',
    label: 'Boards',
    helper: 'None: any board.',
    picker: 'checkboxes',
  },
  {
    name: 'modes',
    facet: 'modes',
    legend: 'How you teach',
    label: 'Modes',
    helper: 'None: both.',
    picker: 'checkboxes',
  },
]

/** A saved list as the form's entries: ids, and the text of an 'other' entry. */
function toEntries(list: AreaTerm[]): string[] {
  return list.map((entry) => (entry.id === OTHER ? entry.label : entry.id))
}

export function toForm(area: TutorArea | null): AreaForm {
  if (!area) return { location: null, radiusKm: DEFAULT_RADIUS_KM, subjects: [], classes: [], boards: [], modes: [] }
  return {
    location: { lat: area.location[1] ?? 0, lng: area.location[0] ?? 0 },
    radiusKm: area.radiusKm,
    subjects: toEntries(area.subjects),
    classes: toEntries(area.classes),
    boards: toEntries(area.boards),
    modes: toEntries(area.modes),
  }
}

export /** The message of a list's error: the list's own, else its first entry's. */
function listError(e: unknown): string | undefined {
  if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') return e.message
  if (Array.isArray(e)) return e.find((x) => x?.message)?.message
  return undefined
}

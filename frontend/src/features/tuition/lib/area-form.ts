import { OTHER, type Facet } from '@/features/vocabulary'
import { DEFAULT_RADIUS_KM } from '@/lib/constants'
import { i18n } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { z } from '@/lib/zod'
import type { TutorArea } from '../api/area'
import type { AreaTerm } from '../api/types'

/** The server's limits (PUT /tutors/me/area). */
export const AREA_RADIUS_MIN_KM = 2
export const AREA_RADIUS_MAX_KM = 25
export const AREA_MAX_ITEMS = 20
export const AREA_ITEM_MAX_CHARS = 100
export const RADIUS_OPTIONS_KM = [2, 3, 5, 8, 10, 15, 20, 25]

// Messages read when a check fails, so they are in the language shown then.
const message = (key: string, values: Record<string, unknown>) => ({ error: () => i18n.t(key, values) })
const distance = message('tuition:a.range', { min: AREA_RADIUS_MIN_KM, max: AREA_RADIUS_MAX_KM })

const items = (list: ListName) =>
  z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(AREA_ITEM_MAX_CHARS, message('tuition:a.tooLong', { list, max: AREA_ITEM_MAX_CHARS })),
        ),
    )
    .check(z.maxLength(AREA_MAX_ITEMS, message('tuition:a.tooMany', { list, max: AREA_MAX_ITEMS })))

export const areaSchema = z.object({
  location: z
    .nullable(z.object({ lat: z.number(), lng: z.number() }))
    .check(z.refine((v) => v !== null, { error: () => MESSAGES.selectLocation })),
  radiusKm: z.number().check(z.gte(AREA_RADIUS_MIN_KM, distance), z.lte(AREA_RADIUS_MAX_KM, distance)),
  subjects: items('subjects'),
  classes: items('classes'),
  boards: items('boards'),
  modes: items('modes'),
})

export type AreaForm = z.input<typeof areaSchema>

export type ListName = 'subjects' | 'classes' | 'boards' | 'modes'

/** The four lists of an area, each one vocabulary facet, shown by one component (texts are catalogue keys). */
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
    legend: 'tuition:a.subjects',
    label: 'tuition:a.subjectsLabel',
    helper: 'tuition:a.subjectsHelp',
    picker: 'select',
  },
  {
    name: 'classes',
    facet: 'classes',
    legend: 'tuition:a.classes',
    label: 'tuition:a.classesLabel',
    helper: 'tuition:a.classesHelp',
    picker: 'select',
  },
  {
    name: 'boards',
    facet: 'boards',
    legend: 'tuition:a.boards',
    label: 'tuition:a.boardsLabel',
    helper: 'tuition:a.boardsHelp',
    picker: 'checkboxes',
  },
  {
    name: 'modes',
    facet: 'modes',
    legend: 'tuition:a.modes',
    label: 'tuition:a.modesLabel',
    helper: 'tuition:a.modesHelp',
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

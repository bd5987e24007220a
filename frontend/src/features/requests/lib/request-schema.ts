import type { LatLng } from '@/components/map/types'
import { OTHER } from '@/features/vocabulary'
import { i18n } from '@/lib/i18n'
import { translated, z } from '@/lib/zod'

/** The server's limit on the subject and class texts. */
export const TEXT_MAX = 100

/** Shown while the vocabulary loads: the two modes the server knows (labels are catalogue keys). */
export const MODE_FALLBACK = [
  { id: 'home', label: 'requests:form.mode.home' },
  { id: 'online', label: 'requests:form.mode.online' },
]

// Messages are read when a check fails, so they are in the language shown then (lib/zod.ts).
const tooLong = { error: () => i18n.t('requests:validation.tooLong', { max: TEXT_MAX }) }

/**
 * SPEC §5: subject and class are picked from the vocabulary (or 'Other' plus the
 * parent's words), board is optional, mode is at home or online; preferred time and a point on
 * the map are required.
 */
export const requestSchema = z
  .object({
    subjectId: z.string().check(z.minLength(1, translated('shared:messages.subjectRequired'))),
    subject: z.string().check(z.maxLength(TEXT_MAX, tooLong)),
    classId: z.string().check(z.minLength(1, translated('shared:messages.classLevelRequired'))),
    classLevel: z.string().check(z.maxLength(TEXT_MAX, tooLong)),
    board: z.string(),
    mode: z.enum(['home', 'online']),
    preferredTime: z.string().check(z.trim(), z.minLength(1, translated('shared:messages.preferredTimeRequired'))),
    location: z.pipe(
      z
        .nullable(z.object({ lat: z.number(), lng: z.number() }))
        .check(z.refine((point) => point !== null, translated('shared:messages.selectLocation'))),
      z.transform((point): LatLng => point!),
    ),
  })
  // Checked beside the other fields' messages (zod skips object refinements once a field failed).
  .check(
    z.refine((values) => values.subjectId !== OTHER || values.subject.trim() !== '', {
      path: ['subject'],
      ...translated('requests:validation.otherSubject'),
      when: ({ value }) => isTexts(value),
    }),
    z.refine((values) => values.classId !== OTHER || values.classLevel.trim() !== '', {
      path: ['classLevel'],
      ...translated('requests:validation.otherClass'),
      when: ({ value }) => isTexts(value),
    }),
  )

function isTexts(value: unknown): value is Record<'subjectId' | 'subject' | 'classId' | 'classLevel', string> {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return ['subjectId', 'subject', 'classId', 'classLevel'].every((k) => typeof v[k] === 'string')
}

export type RequestFormValues = z.input<typeof requestSchema>

export const EMPTY_REQUEST: RequestFormValues = {
  subjectId: '',
  subject: '',
  classId: '',
  classLevel: '',
  board: '',
  mode: 'home',
  preferredTime: '',
  location: null,
}

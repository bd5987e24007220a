import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { z } from '@/lib/zod'
import { MapPicker } from '@/components/map/MapPicker'
import type { LatLng } from '@/components/map/MapView'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { OTHER, TermRadios, TermSelect, termLabel, useVocabulary } from '@/features/vocabulary'
import { MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import type { RequestInput, TeachingMode } from '../api/types'

export const OTHER_SUBJECT_REQUIRED = 'Please say which subject.'
export const OTHER_CLASS_REQUIRED = 'Please say which class or exam.'
/** The server's limit on the subject and class texts. */
const TEXT_MAX = 100

/** Shown while the vocabulary loads: the two modes the server knows. */
const MODE_FALLBACK = [
  { id: 'home', label: 'At home' },
  { id: 'online', label: 'Online' },
]

/**
 * SPEC §5 with issue 20: subject and class are picked from the vocabulary (or 'Other' plus the
 * parent's words), board is optional, mode is at home or online; preferred time and a point on
 * the map are required.
 */
const requestSchema = z
  .object({
    subjectId: z.string().min(1, MESSAGES.subjectRequired),
    subject: z.string().max(TEXT_MAX, `At most ${TEXT_MAX} characters.`),
    classId: z.string().min(1, MESSAGES.classLevelRequired),
    classLevel: z.string().max(TEXT_MAX, `At most ${TEXT_MAX} characters.`),
    board: z.string(),
    mode: z.enum(['home', 'online']),
    preferredTime: z.string().trim().min(1, MESSAGES.preferredTimeRequired),
    location: z
      .object({ lat: z.number(), lng: z.number() })
      .nullable()
      .transform((point, ctx): LatLng => {
        if (point) return point
        ctx.addIssue({ code: 'custom', message: MESSAGES.selectLocation })
        return z.NEVER
      }),
  })
  // Checked beside the other fields' messages (zod skips object refinements once a field failed).
  .refine((values) => values.subjectId !== OTHER || values.subject.trim() !== '', {
    path: ['subject'],
    message: OTHER_SUBJECT_REQUIRED,
    when: ({ value }) => isTexts(value),
  })
  .refine((values) => values.classId !== OTHER || values.classLevel.trim() !== '', {
    path: ['classLevel'],
    message: OTHER_CLASS_REQUIRED,
    when: ({ value }) => isTexts(value),
  })

function isTexts(value: unknown): value is Record<'subjectId' | 'subject' | 'classId' | 'classLevel', string> {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return ['subjectId', 'subject', 'classId', 'classLevel'].every((k) => typeof v[k] === 'string')
}

export type RequestFormValues = z.input<typeof requestSchema>

const EMPTY_REQUEST: RequestFormValues = {
  subjectId: '',
  subject: '',
  classId: '',
  classLevel: '',
  board: '',
  mode: 'home',
  preferredTime: '',
  location: null,
}

interface RequestFormProps {
  mode: 'create' | 'edit'
  initialValues?: RequestFormValues
  submitting: boolean
  success?: string | null
  /** Sends the request; a rejection with the server's answer is shown on the form. */
  onSubmit: (input: RequestInput) => Promise<unknown>
  /** The SPEC §8 message when the server gives none. */
  failureMessage: string
}

/** The one request form: create mode posts, edit mode saves and Cancel puts the loaded values back. */
export function RequestForm({
  mode,
  initialValues = EMPTY_REQUEST,
  submitting,
  success,
  onSubmit,
  failureMessage,
}: RequestFormProps) {
  const form = useForm({ resolver: zodResolver(requestSchema), defaultValues: initialValues })
  const { errors } = form.formState
  const vocabulary = useVocabulary()
  const [subjectText, classText] = useWatch({ control: form.control, name: ['subject', 'classLevel'] })

  // A 400 names its fields: those go next to the fields, anything else above the button.
  const submit = form.handleSubmit(async (input) => {
    try {
      // A known id sends its label as the text too; 'other' sends the parent's words.
      const text = (facet: 'subjects' | 'classes', id: string, own: string) =>
        id === OTHER ? own.trim() : termLabel(vocabulary.data, facet, id, own.trim() || undefined)
      await onSubmit({
        ...input,
        mode: input.mode as TeachingMode,
        subject: text('subjects', input.subjectId, input.subject),
        classLevel: text('classes', input.classId, input.classLevel),
      })
    } catch (error) {
      showServerError(form, error, failureMessage, { summary: 'unlessFieldsShown' })
    }
  })

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? 'Post a tuition request' : 'Edit tuition request'}
    >
      <Stack gap="4">
        <Controller
          control={form.control}
          name="subjectId"
          render={({ field }) => (
            <TermSelect
              label="Subject"
              facet="subjects"
              value={field.value}
              onChange={field.onChange}
              required
              placeholder="Choose a subject"
              error={errors.subjectId?.message ?? (field.value === OTHER ? undefined : errors.subject?.message)}
              allowOther
              otherLabel="Which subject?"
              otherPlaceholder="e.g. Vedic maths"
              otherText={subjectText}
              onOtherTextChange={(text) => form.setValue('subject', text, { shouldDirty: true })}
              otherError={errors.subject?.message}
              otherMaxLength={TEXT_MAX}
            />
          )}
        />
        <Controller
          control={form.control}
          name="classId"
          render={({ field }) => (
            <TermSelect
              label="Class"
              facet="classes"
              value={field.value}
              onChange={field.onChange}
              required
              placeholder="Choose a class or exam"
              error={errors.classId?.message ?? (field.value === OTHER ? undefined : errors.classLevel?.message)}
              allowOther
              otherLabel="Which class or exam?"
              otherPlaceholder="e.g. CA Foundation"
              otherText={classText}
              onOtherTextChange={(text) => form.setValue('classLevel', text, { shouldDirty: true })}
              otherError={errors.classLevel?.message}
              otherMaxLength={TEXT_MAX}
            />
          )}
        />
        <Controller
          control={form.control}
          name="board"
          render={({ field }) => (
            <TermSelect
              label="Board"
              facet="boards"
              value={field.value}
              onChange={field.onChange}
              placeholder="Any / not sure"
              helperText="Optional: tutors who know the syllabus are matched first."
              error={errors.board?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <TermRadios
              legend="Where should classes happen?"
              facet="modes"
              value={field.value}
              onChange={field.onChange}
              fallback={MODE_FALLBACK}
              name="mode"
            />
          )}
        />
        <FormField label="Preferred time" required error={errors.preferredTime?.message}>
          <Input placeholder="e.g. Weekdays 5-7 PM" {...form.register('preferredTime')} />
        </FormField>
        <Box as="fieldset">
          <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
            Location{' '}
            <Box as="span" color="fg.error" aria-hidden>
              *
            </Box>
          </Box>
          <Controller
            control={form.control}
            name="location"
            render={({ field, fieldState }) => (
              <MapPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </Box>
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
        <FormAlert status="success" message={success ?? null} />
        <HStack gap="3">
          <Button type="submit" loading={submitting} loadingText={mode === 'create' ? 'Posting...' : 'Saving...'}>
            {mode === 'create' ? 'Post Request' : 'Update Request'}
          </Button>
          {mode === 'edit' && (
            <Button type="button" variant="outline" onClick={() => form.reset()} disabled={submitting}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  )
}

import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { MapPicker } from '@/components/map/MapPicker'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { OTHER, TermRadios, TermSelect, termLabel, useVocabulary } from '@/features/vocabulary'
import { showServerError } from '@/lib/form-errors'
import type { RequestInput } from '../api/types'
import { EMPTY_REQUEST, MODE_FALLBACK, requestSchema, TEXT_MAX, type RequestFormValues } from '../lib/request-schema'

function useRequestForm(initialValues: RequestFormValues) {
  return useForm({ resolver: zodResolver(requestSchema), defaultValues: initialValues })
}

/** Subject and class: a term of the vocabulary, or 'Other' and the parent's words in the text field. */
const TERM_FIELDS = {
  subjects: {
    id: 'subjectId',
    text: 'subject',
    label: 'Subject',
    placeholder: 'Choose a subject',
    otherLabel: 'Which subject?',
    otherPlaceholder: 'e.g. Vedic maths',
  },
  classes: {
    id: 'classId',
    text: 'classLevel',
    label: 'Class',
    placeholder: 'Choose a class or exam',
    otherLabel: 'Which class or exam?',
    otherPlaceholder: 'e.g. CA Foundation',
  },
} as const

function TermOrOther({ form, facet }: { form: ReturnType<typeof useRequestForm>; facet: keyof typeof TERM_FIELDS }) {
  const { id, text, label, placeholder, otherLabel, otherPlaceholder } = TERM_FIELDS[facet]
  const { errors } = form.formState
  const otherText = useWatch({ control: form.control, name: text })
  return (
    <Controller
      control={form.control}
      name={id}
      render={({ field }) => (
        <TermSelect
          label={label}
          facet={facet}
          value={field.value}
          onChange={field.onChange}
          required
          placeholder={placeholder}
          // Without 'Other' the text field is hidden: its message (too long) shows on the select.
          error={errors[id]?.message ?? (field.value === OTHER ? undefined : errors[text]?.message)}
          allowOther
          otherLabel={otherLabel}
          otherPlaceholder={otherPlaceholder}
          otherText={otherText}
          onOtherTextChange={(value) => form.setValue(text, value, { shouldDirty: true })}
          otherError={errors[text]?.message}
          otherMaxLength={TEXT_MAX}
        />
      )}
    />
  )
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
  const form = useRequestForm(initialValues)
  const { errors } = form.formState
  const vocabulary = useVocabulary()

  // A 400 names its fields: those go next to the fields, anything else above the button.
  const submit = form.handleSubmit(async (input) => {
    try {
      // A known id sends its label as the text too; 'other' sends the parent's words.
      const text = (facet: 'subjects' | 'classes', id: string, own: string) =>
        id === OTHER ? own.trim() : termLabel(vocabulary.data, facet, id, own.trim() || undefined)
      await onSubmit({
        ...input,
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
        <TermOrOther form={form} facet="subjects" />
        <TermOrOther form={form} facet="classes" />
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

import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { MapPicker } from '@/components/map/MapPicker'
import { FormAlert } from '@/components/ui/form-alert'
import { DraftNotice, UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { FormField } from '@/components/ui/form-field'
import { OTHER, TermSelect, termLabel, useVocabulary } from '@/features/vocabulary'
import { TermRadios } from '@/features/vocabulary/components/TermRadios'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useFormDraft } from '@/hooks/use-form-draft'
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
    label: 'requests:form.subject.label',
    placeholder: 'requests:form.subject.placeholder',
    otherLabel: 'requests:form.subject.otherLabel',
    otherPlaceholder: 'requests:form.subject.otherPlaceholder',
  },
  classes: {
    id: 'classId',
    text: 'classLevel',
    label: 'requests:form.class.label',
    placeholder: 'requests:form.class.placeholder',
    otherLabel: 'requests:form.class.otherLabel',
    otherPlaceholder: 'requests:form.class.otherPlaceholder',
  },
} as const

function TermOrOther({ form, facet }: { form: ReturnType<typeof useRequestForm>; facet: keyof typeof TERM_FIELDS }) {
  const { t } = useTranslation('requests')
  const { id, text, label, placeholder, otherLabel, otherPlaceholder } = TERM_FIELDS[facet]
  const { errors } = form.formState
  const otherText = useWatch({ control: form.control, name: text })
  return (
    <Controller
      control={form.control}
      name={id}
      render={({ field }) => (
        <TermSelect
          label={t(label)}
          facet={facet}
          value={field.value}
          onChange={field.onChange}
          required
          placeholder={t(placeholder)}
          // Without 'Other' the text field is hidden: its message (too long) shows on the select.
          error={errors[id]?.message ?? (field.value === OTHER ? undefined : errors[text]?.message)}
          allowOther
          otherLabel={t(otherLabel)}
          otherPlaceholder={t(otherPlaceholder)}
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
  /** Names the kept draft: 'request:new', or 'request:<id>' for an edit. */
  draftId: string
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
  draftId,
  initialValues = EMPTY_REQUEST,
  submitting,
  success,
  onSubmit,
  failureMessage,
}: RequestFormProps) {
  const { t } = useTranslation('requests')
  const form = useRequestForm(initialValues)
  const draft = useFormDraft(form, draftId)
  const { errors } = form.formState
  const vocabulary = useVocabulary()
  const preferredTime = form.register('preferredTime')

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
      draft.clear()
    } catch (error) {
      showServerError(form, error, failureMessage, { summary: 'unlessFieldsShown' })
    }
  })

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? t('requests:form.createLabel') : t('requests:form.editLabel')}
    >
      <UnsavedChangesGuard shouldBlock={draft.unsaved} />
      <Stack gap="4">
        <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
        <TermOrOther form={form} facet="subjects" />
        <TermOrOther form={form} facet="classes" />
        <Controller
          control={form.control}
          name="board"
          render={({ field }) => (
            <TermSelect
              label={t('requests:form.board.label')}
              facet="boards"
              value={field.value}
              onChange={field.onChange}
              placeholder={t('requests:form.board.placeholder')}
              helperText={t('requests:form.board.help')}
              error={errors.board?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <TermRadios
              legend={t('requests:form.mode.legend')}
              facet="modes"
              value={field.value}
              onChange={field.onChange}
              fallback={MODE_FALLBACK.map((term) => ({ ...term, label: t(term.label) }))}
              name="mode"
            />
          )}
        />
        <FormField label={t('requests:form.preferredTime.label')} required error={errors.preferredTime?.message}>
          <Input placeholder={t('requests:form.preferredTime.placeholder')} {...preferredTime} />
        </FormField>
        <Box as="fieldset">
          <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
            {t('requests:form.location')}{' '}
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
          <Button
            type="submit"
            loading={submitting}
            loadingText={mode === 'create' ? t('requests:form.posting') : t('requests:form.saving')}
          >
            {mode === 'create' ? t('requests:form.post') : t('requests:form.update')}
          </Button>
          {mode === 'edit' && (
            <Button type="button" variant="outline" onClick={() => form.reset()} disabled={submitting}>
              {t('shared:ui.cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  )
}

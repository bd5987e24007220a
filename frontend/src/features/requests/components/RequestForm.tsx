import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import type { LatLng } from '@/components/map/MapView'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import type { RequestInput } from '../api/types'
import { MapPicker } from '@/components/map/MapPicker'

/** SPEC §5: all four are required; the location comes from the map. */
const requestSchema = z.object({
  subject: z.string().trim().min(1, MESSAGES.subjectRequired),
  classLevel: z.string().trim().min(1, MESSAGES.classLevelRequired),
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

export type RequestFormValues = z.input<typeof requestSchema>

const EMPTY_REQUEST: RequestFormValues = { subject: '', classLevel: '', preferredTime: '', location: null }

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

  // A 400 names its fields: those go next to the fields, anything else above the button.
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input)
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
        <FormField label="Subject" required error={errors.subject?.message}>
          <Input placeholder="e.g. Mathematics" {...form.register('subject')} />
        </FormField>
        <FormField label="Class" required error={errors.classLevel?.message}>
          <Input placeholder="e.g. Class 10" {...form.register('classLevel')} />
        </FormField>
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

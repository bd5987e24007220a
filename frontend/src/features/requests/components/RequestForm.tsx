import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { LatLng } from '@/components/map/MapView'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES } from '@/lib/constants'
import type { RequestInput } from '../api/types'
import { MapPicker } from './MapPicker'

export interface RequestFormValues {
  subject: string
  classLevel: string
  preferredTime: string
  location: LatLng | null
}

export type RequestFieldErrors = Partial<Record<keyof RequestFormValues, string>>

export const EMPTY_REQUEST: RequestFormValues = { subject: '', classLevel: '', preferredTime: '', location: null }

interface RequestFormProps {
  mode: 'create' | 'edit'
  initialValues?: RequestFormValues
  submitting: boolean
  /** The server's answer: a message and per-field messages. */
  serverError?: string | null
  serverFieldErrors?: RequestFieldErrors
  success?: string | null
  onSubmit: (input: RequestInput) => void
}

/** SPEC §5: all four are required; the location comes from the map. */
export function validateRequest(values: RequestFormValues): RequestFieldErrors {
  const errors: RequestFieldErrors = {}
  if (!values.subject.trim()) errors.subject = MESSAGES.subjectRequired
  if (!values.classLevel.trim()) errors.classLevel = MESSAGES.classLevelRequired
  if (!values.preferredTime.trim()) errors.preferredTime = MESSAGES.preferredTimeRequired
  if (!values.location) errors.location = MESSAGES.selectLocation
  return errors
}

/** The one request form: create mode posts, edit mode saves and Cancel puts the loaded values back. */
export function RequestForm({
  mode,
  initialValues = EMPTY_REQUEST,
  submitting,
  serverError,
  serverFieldErrors,
  success,
  onSubmit,
}: RequestFormProps) {
  const [values, setValues] = useState<RequestFormValues>(initialValues)
  const [errors, setErrors] = useState<RequestFieldErrors>({})
  const shown = { ...serverFieldErrors, ...errors }

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = validateRequest(values)
    setErrors(found)
    if (Object.keys(found).length > 0 || !values.location) return
    onSubmit({ ...values, location: values.location })
  }

  const cancel = () => {
    setValues(initialValues)
    setErrors({})
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? 'Post a tuition request' : 'Edit tuition request'}
    >
      <Stack gap="4">
        <FormField label="Subject" required error={shown.subject}>
          <Input
            name="subject"
            placeholder="e.g. Mathematics"
            value={values.subject}
            onChange={(e) => set('subject', e.target.value)}
          />
        </FormField>
        <FormField label="Class" required error={shown.classLevel}>
          <Input
            name="classLevel"
            placeholder="e.g. Class 10"
            value={values.classLevel}
            onChange={(e) => set('classLevel', e.target.value)}
          />
        </FormField>
        <FormField label="Preferred time" required error={shown.preferredTime}>
          <Input
            name="preferredTime"
            placeholder="e.g. Weekdays 5-7 PM"
            value={values.preferredTime}
            onChange={(e) => set('preferredTime', e.target.value)}
          />
        </FormField>
        <Box as="fieldset">
          <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
            Location{' '}
            <Box as="span" color="fg.error" aria-hidden>
              *
            </Box>
          </Box>
          <MapPicker value={values.location} onChange={(p) => set('location', p)} error={shown.location} />
        </Box>
        <FormAlert status="error" message={serverError ?? null} />
        <FormAlert status="success" message={success ?? null} />
        <HStack gap="3">
          <Button type="submit" loading={submitting} loadingText={mode === 'create' ? 'Posting...' : 'Saving...'}>
            {mode === 'create' ? 'Post Request' : 'Update Request'}
          </Button>
          {mode === 'edit' && (
            <Button type="button" variant="outline" onClick={cancel} disabled={submitting}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  )
}

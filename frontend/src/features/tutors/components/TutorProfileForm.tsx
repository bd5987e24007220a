import { Button, HStack, Input, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { ApiError, errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES } from '@/lib/constants'
import { notifySuccess } from '@/lib/toaster'
import type { TutorProfile } from '../api/get-tutor'
import { useUpdateTutor, type TutorProfileChanges } from '../api/update-tutor'
import { TUTOR_FIELDS, type TutorField } from './fields'

function valuesOf(tutor: TutorProfile): TutorProfileChanges {
  return Object.fromEntries(TUTOR_FIELDS.map(({ key }) => [key, tutor[key] ?? ''])) as TutorProfileChanges
}

/** A 400 may name fields: those go next to the fields, anything else above the buttons. */
function serverErrors(error: unknown): { message: string | null; fields: Partial<Record<TutorField, string>> } {
  if (!error) return { message: null, fields: {} }
  const fields: Partial<Record<TutorField, string>> = {}
  if (error instanceof ApiError && error.fields) {
    for (const { key } of TUTOR_FIELDS) if (error.fields[key]) fields[key] = error.fields[key]
  }
  return { message: errorMessage(error, MESSAGES.updateProfileFailed), fields }
}

/** Edit mode: Save puts the eight fields and re-fetches, then view mode returns; Cancel saves nothing. */
export function TutorProfileForm({ tutor, onDone }: { tutor: TutorProfile; onDone: () => void }) {
  const [values, setValues] = useState<TutorProfileChanges>(() => valuesOf(tutor))
  const update = useUpdateTutor()
  const errors = serverErrors(update.error)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      { email: tutor.email, changes: values },
      {
        onSuccess: () => {
          notifySuccess('Profile updated successfully.')
          onDone()
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit tutor profile">
      <Stack gap="4">
        {TUTOR_FIELDS.map(({ key, label, multiline }) => {
          const common = {
            name: key,
            value: values[key],
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
          }
          return (
            <FormField key={key} label={label} error={errors.fields[key]}>
              {multiline ? <Textarea recipe={textareaRecipe} rows={4} {...common} /> : <Input {...common} />}
            </FormField>
          )
        })}
        <FormAlert status="error" message={errors.message} />
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save
          </Button>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

import { Button, HStack, Input, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { notifySuccess } from '@/lib/toaster'
import type { TutorProfile } from '../api/get-tutor'
import { useUpdateTutor, type TutorProfileChanges } from '../api/update-tutor'
import { TUTOR_FIELDS } from './fields'

function valuesOf(tutor: TutorProfile): TutorProfileChanges {
  return Object.fromEntries(TUTOR_FIELDS.map(({ key }) => [key, tutor[key] ?? ''])) as TutorProfileChanges
}

/**
 * Edit mode: Save puts the eight fields and re-fetches, then view mode returns; Cancel saves nothing.
 * Every field is free text the server checks (lengths, control characters): its 400 names the fields,
 * whose messages go next to them, the message above the buttons. No schema here to say more.
 */
export function TutorProfileForm({ tutor, onDone }: { tutor: TutorProfile; onDone: () => void }) {
  const form = useForm<TutorProfileChanges>({ defaultValues: valuesOf(tutor) })
  const { errors } = form.formState
  const update = useUpdateTutor()

  const submit = form.handleSubmit((changes) =>
    update.mutate(
      { email: tutor.email, changes },
      {
        onSuccess: () => {
          notifySuccess('Profile updated successfully.')
          onDone()
        },
        onError: (e) => showServerError(form, e, MESSAGES.updateProfileFailed),
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Edit tutor profile">
      <Stack gap="4">
        {TUTOR_FIELDS.map(({ key, label, multiline }) => (
          <FormField key={key} label={label} error={errors[key]?.message}>
            {multiline ? (
              <Textarea recipe={textareaRecipe} rows={4} {...form.register(key)} />
            ) : (
              <Input {...form.register(key)} />
            )}
          </FormField>
        ))}
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
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

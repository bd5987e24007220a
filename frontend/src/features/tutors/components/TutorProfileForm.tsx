import { Button, HStack, Input, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
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
  const { t } = useTranslation('tutors')
  const form = useForm<TutorProfileChanges>({ defaultValues: valuesOf(tutor) })
  const { errors } = form.formState
  const update = useUpdateTutor()

  const submit = form.handleSubmit((changes) =>
    update.mutate(
      { email: tutor.email, changes },
      {
        onSuccess: () => {
          notifySuccess(t('tutors:edit.updated'))
          onDone()
        },
        onError: (e) => showServerError(form, e, t('tutors:edit.failed')),
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate aria-label={t('tutors:edit.label')}>
      <Stack gap="4">
        {TUTOR_FIELDS.map(({ key, label, multiline }) => (
          <FormField key={key} label={t(label)} error={errors[key]?.message}>
            {multiline ? (
              <Textarea recipe={textareaRecipe} rows={4} {...form.register(key)} />
            ) : (
              <Input {...form.register(key)} />
            )}
          </FormField>
        ))}
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" loading={update.isPending} loadingText={t('tutors:edit.saving')}>
            {t('tutors:edit.save')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            {t('tutors:edit.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

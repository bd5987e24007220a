import { Button, Stack, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { DraftNotice, UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { useFormDraft } from '@/hooks/use-form-draft'
import { submitted, useStepSave } from '@/hooks/use-step-save'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useMyTutorCard, useSaveAbout } from '../api/tutor-card'

/** The server's limit of the about text (crates/profiles `MAX_ABOUT`). */
export const ABOUT_MAX = 2000

/** The tutor's about text (PUT /tutors/{id} `about` alone: the other fields keep theirs), kept as a draft. */
export function AboutStep({ tutorId, onSaved }: { tutorId: number; onSaved?: () => void }) {
  const { t } = useTranslation('onboarding')
  const card = useMyTutorCard(tutorId)
  const saved = card.data?.about ?? ''
  const form = useForm({
    defaultValues: { about: saved },
    values: { about: saved },
    resetOptions: { keepDirtyValues: true },
  })
  const draft = useFormDraft(form, 'tutor-about')
  const aboutField = form.register('about')
  const save = useSaveAbout()
  const [error, setError] = useState<string | undefined>()
  // Saves the text; Save and the flow's Next both come here.
  const persist = async ({ about }: { about: string }) => {
    setError(undefined)
    try {
      await save.mutateAsync({ tutorId, about })
    } catch (e) {
      setError(errorMessage(e, t('onboarding:about.failed')))
      return false
    }
    draft.clear()
    form.reset({ about })
    notifySuccess(t('onboarding:about.saved'))
    onSaved?.()
    return true
  }
  useStepSave({ unsaved: draft.unsaved, save: () => submitted(form, persist) })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submitted(form, persist)
  }
  return (
    <form aria-label={t('onboarding:about.label')} onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard shouldBlock={draft.unsaved} />
      <Stack gap="4">
        <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
        {error && <FormAlert status="error" message={error} />}
        <FormField label={t('onboarding:about.label')} helperText={t('onboarding:about.help', { max: ABOUT_MAX })}>
          <Textarea rows={6} maxLength={ABOUT_MAX} {...aboutField} />
        </FormField>
        <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
          {t('onboarding:about.save')}
        </Button>
      </Stack>
    </form>
  )
}

import { Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { FEE_PER_HOUR_MAX } from '@/api/discovery-types'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { DraftNotice, UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useFormDraft } from '@/hooks/use-form-draft'
import { submitted, useStepSave } from '@/hooks/use-step-save'
import { feeFailed, useMyTutorCard, useSaveFeePerHour } from '../api/tutor-card'
import { PhotoField } from './PhotoField'

/** A number, the same in every language. */
const FEE_EXAMPLE = '600'

/** '600' → 600, '' → null; undefined when it is not a whole number of rupees in range. */
export function parseFee(text: string): number | null | undefined {
  const t = text.trim()
  if (t === '') return null
  if (!/^\d+$/.test(t)) return undefined
  const n = Number(t)
  return n <= FEE_PER_HOUR_MAX ? n : undefined
}

export function FeeField({
  email,
  feePerHour,
  onSaved,
}: {
  email: string
  feePerHour: number | null
  onSaved?: () => void
}) {
  const { t } = useTranslation('profile')
  const saved = feePerHour === null ? '' : String(feePerHour)
  // A form of its own so its unsaved text is kept as a draft and guarded like the others.
  const form = useForm({
    defaultValues: { fee: saved },
    values: { fee: saved },
    resetOptions: { keepDirtyValues: true },
  })
  const draft = useFormDraft(form, 'tutor-fee')
  const feeInput = form.register('fee')
  const [error, setError] = useState<string | undefined>()
  const save = useSaveFeePerHour()
  // Saves the fee; Save and the onboarding flow's Next both come here.
  const persist = async ({ fee: text }: { fee: string }) => {
    const fee = parseFee(text)
    if (fee === undefined) {
      setError(t('profile:card.feeInvalid', { max: formatNumber(FEE_PER_HOUR_MAX) }))
      return false
    }
    setError(undefined)
    try {
      await save.mutateAsync({ email, feePerHour: fee })
    } catch (err) {
      setError(errorMessage(err, feeFailed()))
      return false
    }
    draft.clear()
    form.reset({ fee: text })
    notifySuccess(fee === null ? t('profile:card.feeCleared') : t('profile:card.feeSaved'))
    onSaved?.()
    return true
  }
  useStepSave({ unsaved: draft.unsaved, save: () => submitted(form, persist) })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submitted(form, persist)
  }
  return (
    <Box as="form" aria-label={t('profile:card.fee')} onSubmit={onSubmit}>
      <UnsavedChangesGuard shouldBlock={draft.unsaved} />
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="48" maxW="xs">
          <FormField label={t('profile:card.feeLabel')} error={error} helperText={t('profile:card.feeHelp')}>
            <Input inputMode="numeric" placeholder={FEE_EXAMPLE} {...feeInput} />
          </FormField>
        </Box>
        <Button
          type="submit"
          size="sm"
          loading={save.isPending}
          loadingText={t('profile:card.saving')}
          mb={error ? '7' : '0'}
        >
          {t('profile:card.saveFee')}
        </Button>
      </Flex>
    </Box>
  )
}

/**
 * A tutor's card as parents see it in search: the photo (POST /tutors/me/photo) and the fee per
 * hour (PUT /tutors/{email} `feePerHour`).
 */
export function TutorCardSettings({ tutorId, email, name }: { tutorId: number; email: string; name: string }) {
  const { t } = useTranslation('profile')
  const card = useMyTutorCard(tutorId)
  return (
    <Panel as="section" aria-labelledby="tutor-card-heading">
      <Heading as="h2" id="tutor-card-heading" size="xl" mb="1">
        {t('profile:card.title')}
      </Heading>
      <Text color="fg.muted" mb="5">
        {t('profile:card.subtitle')}
      </Text>
      {card.isError && <FormAlert status="error" message={errorMessage(card.error, feeFailed())} />}
      {card.isSuccess && (
        <Stack gap="6">
          <PhotoField name={name} photoUrl={card.data.photoUrl ?? null} />
          <FeeField email={email} feePerHour={card.data.feePerHour ?? null} />
        </Stack>
      )}
    </Panel>
  )
}

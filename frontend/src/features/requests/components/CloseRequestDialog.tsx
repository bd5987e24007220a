import { Box, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import type { TuitionRequest } from '@/api/types'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { closeRequestFailed, useCloseRequest } from '../api/close-request'
import type { CloseOutcome } from '../api/types'

const OUTCOMES: Array<{ value: CloseOutcome; label: string; hint: string }> = [
  { value: 'found_tutor', label: 'requests:outcome.foundTutor', hint: 'requests:outcome.foundTutorHint' },
  { value: 'not_needed', label: 'requests:outcome.notNeeded', hint: 'requests:outcome.notNeededHint' },
]

function tutorName(t: TFunction, tutor: TuitionRequest['interestedTutors'][number]) {
  return tutor.fullname || tutor.name || t('shared:tutorCard.fallbackName')
}

/**
 * Closing a request: why ('Found a tutor', optionally which of the interested ones, or 'No longer
 * needed'). A closed request leaves tutors' searches and alerts; it can be reopened.
 */
export function CloseRequestDialog({ request, onClose }: { request: TuitionRequest | null; onClose: () => void }) {
  const { t } = useTranslation('requests')
  const close = useCloseRequest()
  const [outcome, setOutcome] = useState<CloseOutcome>('found_tutor')
  const [tutorId, setTutorId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const tutors = request?.interestedTutors ?? []

  const done = () => {
    setOutcome('found_tutor')
    setTutorId('')
    setError(null)
    onClose()
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!request) return
    setError(null)
    const body = outcome === 'found_tutor' && tutorId ? { outcome, tutorId: Number(tutorId) } : { outcome }
    close.mutate(
      { id: request.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('requests:close.closed'))
          done()
        },
        onError: (err) => setError(errorMessage(err, closeRequestFailed())),
      },
    )
  }

  return (
    <DialogShell
      open={request !== null}
      title={t('requests:close.title', { subject: request?.subject ?? '' })}
      onClose={done}
      footer={
        <FormDialogButtons
          formId="close-request-form"
          label={t('requests:close.submit')}
          busy={close.isPending}
          busyLabel={t('requests:close.closing')}
          onCancel={done}
        />
      }
    >
      <form id="close-request-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {t('requests:close.text')}
          </Text>
          <Box as="fieldset" border="0" p="0" m="0">
            <Text as="legend" fontWeight="medium" mb="2">
              {t('requests:close.why')}
            </Text>
            <Stack gap="2">
              {OUTCOMES.map((o) => (
                <Box
                  as="label"
                  key={o.value}
                  display="flex"
                  gap="3"
                  alignItems="flex-start"
                  borderWidth="1px"
                  borderColor={outcome === o.value ? 'blue.600' : 'border'}
                  borderRadius="md"
                  p="3"
                  cursor="pointer"
                >
                  <input
                    type="radio"
                    name="outcome"
                    value={o.value}
                    checked={outcome === o.value}
                    onChange={() => setOutcome(o.value)}
                    style={{ marginTop: 4 }}
                  />
                  <span>
                    <Text as="span" fontWeight="semibold" display="block">
                      {t(o.label)}
                    </Text>
                    <Text as="span" fontSize="sm" color="fg.muted">
                      {t(o.hint)}
                    </Text>
                  </span>
                </Box>
              ))}
            </Stack>
          </Box>
          {outcome === 'found_tutor' && tutors.length > 0 && (
            <FormField label={t('requests:close.which')}>
              <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
                <NativeSelect.Field name="tutorId" value={tutorId} onChange={(e) => setTutorId(e.target.value)}>
                  <option value="">{t('requests:close.someoneElse')}</option>
                  {tutors.map((tutor) => (
                    <option key={tutor.tutor} value={tutor.tutor}>
                      {tutorName(t, tutor)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          <FormAlert status="error" message={error} />
        </Stack>
      </form>
    </DialogShell>
  )
}

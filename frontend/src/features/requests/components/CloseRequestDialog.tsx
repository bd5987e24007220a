import { Box, Button, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import type { TuitionRequest } from '@/api/types'
import { DialogShell } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { notifySuccess } from '@/lib/toaster'
import { CLOSE_REQUEST_FAILED, useCloseRequest } from '../api/close-request'
import type { CloseOutcome } from '../api/types'

const OUTCOMES: Array<{ value: CloseOutcome; label: string; hint: string }> = [
  { value: 'found_tutor', label: 'Found a tutor', hint: 'Through HomeTutor or elsewhere.' },
  { value: 'not_needed', label: 'No longer needed', hint: 'The classes are not wanted any more.' },
]

function tutorName(t: TuitionRequest['interestedTutors'][number]) {
  return t.fullname || t.name || 'Tutor'
}

/**
 * Closing a request: why ('Found a tutor', optionally which of the interested ones, or 'No longer
 * needed'). A closed request leaves tutors' searches and alerts; it can be reopened.
 */
export function CloseRequestDialog({ request, onClose }: { request: TuitionRequest | null; onClose: () => void }) {
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
          notifySuccess('Request closed.')
          done()
        },
        onError: (err) => setError(errorMessage(err, CLOSE_REQUEST_FAILED)),
      },
    )
  }

  return (
    <DialogShell
      open={request !== null}
      title={`Close the ${request?.subject ?? ''} request?`}
      onClose={done}
      footer={
        <>
          <Button variant="outline" onClick={done} disabled={close.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="close-request-form" loading={close.isPending} loadingText="Closing...">
            Close request
          </Button>
        </>
      }
    >
      <form id="close-request-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            Tutors will no longer see it or be alerted about it; those who were interested are told. You can reopen it
            later.
          </Text>
          <Box as="fieldset" border="0" p="0" m="0">
            <Text as="legend" fontWeight="medium" mb="2">
              Why are you closing it?
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
                      {o.label}
                    </Text>
                    <Text as="span" fontSize="sm" color="fg.muted">
                      {o.hint}
                    </Text>
                  </span>
                </Box>
              ))}
            </Stack>
          </Box>
          {outcome === 'found_tutor' && tutors.length > 0 && (
            <FormField label="Which tutor? (optional)">
              <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
                <NativeSelect.Field name="tutorId" value={tutorId} onChange={(e) => setTutorId(e.target.value)}>
                  <option value="">Someone else, or I'd rather not say</option>
                  {tutors.map((t) => (
                    <option key={t.tutor} value={t.tutor}>
                      {tutorName(t)}
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

import { Button, Flex, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { errorMessage } from '@/api/client'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { useBookDemo } from '../hooks/use-book-demo'
import { LENGTHS } from '../lib/slots'
import { ChoiceButtons } from './ChoiceButtons'
import { ProposeTimes } from './ProposeTimes'
import { SlotPicker } from './SlotPicker'

const FORM_ID = 'book-demo-form'
const NOTE_MAX = 500

interface BookDemoDialogProps {
  tutor: { id: number; name: string }
  requestId?: number
  onClose: () => void
}

/** "Book a demo class": one of the tutor's free times, or up to three of the parent's own, with a note. */
export default function BookDemoDialog({ tutor, requestId, onClose }: BookDemoDialogProps) {
  const { t } = useTranslation('bookings')
  const { free, state, dispatch, days, choice, submit, busy, errors } = useBookDemo(tutor.id, requestId, onClose)
  const slotError = errors.fields.times ?? errors.fields['times.0'] ?? errors.fields.startsAt
  const late = free.data?.lateCancellations ?? 0
  return (
    <DialogShell
      open
      title={t('bookings:dialog.title', { name: tutor.name })}
      onClose={onClose}
      size="md"
      closeButton
      footer={
        free.data && (
          <FormDialogButtons
            formId={FORM_ID}
            label={t('bookings:dialog.submit')}
            busyLabel={t('bookings:dialog.sending')}
            busy={busy}
            onCancel={onClose}
          />
        )
      }
    >
      {free.isPending ? (
        <Flex justify="center" py="6" role="status" aria-label={t('bookings:dialog.loading')}>
          <Spinner color="blue.600" />
        </Flex>
      ) : free.isError ? (
        <Text role="alert">{errorMessage(free.error, t('bookings:loadFailed'))}</Text>
      ) : (
        <form
          id={FORM_ID}
          noValidate
          aria-label={t('bookings:dialog.form')}
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <Stack gap="4">
            {late > 0 && (
              <Text color="orange.800" data-testid="tutor-late-count">
                {t('bookings:dialog.tutorLate', { count: late })}
              </Text>
            )}
            <Stack gap="2">
              <Text fontWeight="medium">{t('bookings:dialog.length')}</Text>
              <ChoiceButtons
                label={t('bookings:dialog.length')}
                options={LENGTHS.map((minutes) => ({
                  value: minutes,
                  text: t('bookings:minutes', { count: minutes }),
                }))}
                value={state.length}
                onChange={(length) => dispatch({ type: 'length', length })}
              />
            </Stack>
            {state.mode === 'slot' ? (
              <SlotPicker days={days} day={choice.day} start={choice.start} error={slotError} dispatch={dispatch} />
            ) : (
              <ProposeTimes proposals={state.proposals} errors={errors.fields} dispatch={dispatch} />
            )}
            <Button
              variant="plain"
              colorPalette="blue"
              alignSelf="flex-start"
              px="0"
              textDecoration="underline"
              onClick={() => dispatch({ type: 'mode', mode: state.mode === 'slot' ? 'propose' : 'slot' })}
            >
              {state.mode === 'slot' ? t('bookings:dialog.noneFits') : t('bookings:dialog.backToSlots')}
            </Button>
            <FormField
              label={t('bookings:dialog.note')}
              error={errors.fields.note}
              helperText={t('bookings:dialog.noteHelp')}
            >
              <Textarea
                recipe={textareaRecipe}
                value={state.note}
                maxLength={NOTE_MAX}
                rows={3}
                onChange={(e) => dispatch({ type: 'note', note: e.target.value })}
              />
            </FormField>
            <FormAlert status="error" message={errors.message} />
          </Stack>
        </form>
      )}
    </DialogShell>
  )
}

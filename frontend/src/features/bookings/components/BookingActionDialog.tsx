import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useBookingAction } from '../api/bookings'
import { actionBody, initialActionValues, type ActionValues } from '../lib/action-form'
import { wouldBeLate, type BookingActionKind, type BookingView } from '../lib/booking-view'
import { fieldErrors } from '../lib/field-errors'
import { whenText } from '../lib/when-text'
import { ActionFields } from './ActionFields'

const FORM_ID = 'booking-action-form'

const TEXTS: Record<BookingActionKind, { title: string; submit: string; done: string }> = {
  accept: { title: 'bookings:forms.acceptTitle', submit: 'bookings:actions.accept', done: 'bookings:forms.accepted' },
  decline: {
    title: 'bookings:forms.declineTitle',
    submit: 'bookings:actions.decline',
    done: 'bookings:forms.declined',
  },
  cancel: { title: 'bookings:forms.cancelTitle', submit: 'bookings:actions.cancel', done: 'bookings:forms.cancelled' },
  reschedule: {
    title: 'bookings:forms.rescheduleTitle',
    submit: 'bookings:actions.reschedule',
    done: 'bookings:forms.rescheduled',
  },
  noShow: { title: 'bookings:forms.noShowTitle', submit: 'bookings:actions.noShow', done: 'bookings:forms.noShowSent' },
}

const MISSING: Record<string, string> = {
  startsAt: 'bookings:forms.missingTime',
  reason: 'bookings:forms.missingReason',
  note: 'bookings:forms.missingNote',
}

/** The dialog of one action on one class; the server's refusal is shown under the field it names. */
export function BookingActionDialog({
  kind,
  view,
  onClose,
}: {
  kind: BookingActionKind
  view: BookingView
  onClose: () => void
}) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const { booking } = view
  const action = useBookingAction()
  const [values, setValues] = useState<ActionValues>(() => initialActionValues(booking))
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({
    fields: {},
    message: null,
  })
  const texts = TEXTS[kind]
  // Whether a cancellation now would be late, as of opening the dialog.
  const [openedAt] = useState(() => Date.now())
  const submit = () => {
    const built = actionBody(kind, booking, values)
    if ('problem' in built) {
      setErrors({ fields: { [built.problem]: t(MISSING[built.problem]!) }, message: null })
      return
    }
    setErrors({ fields: {}, message: null })
    action.mutate(
      { id: booking.id, ...built.action },
      {
        onSuccess: () => {
          notifySuccess(t(texts.done))
          onClose()
        },
        onError: (error) => {
          const fields = fieldErrors(error)
          const beside = ['startsAt', 'endsAt', 'reason', 'note'].some((key) => key in fields)
          setErrors({
            fields,
            message: beside ? t('bookings:fieldsShown') : errorMessage(error, t('bookings:saveFailed')),
          })
        },
      },
    )
  }
  return (
    <DialogShell
      open
      title={t(texts.title)}
      onClose={onClose}
      size="md"
      footer={<FormDialogButtons formId={FORM_ID} label={t(texts.submit)} busy={action.isPending} onCancel={onClose} />}
    >
      <form
        id={FORM_ID}
        noValidate
        aria-label={t(texts.title)}
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        {view.time && (
          <Stack gap="0" mb="3">
            <Text fontWeight="medium">
              {t('bookings:card.when', { when: whenText(view.time.startsAt, view.time.endsAt, language) })}
            </Text>
            <Text color="fg.muted">{t('bookings:card.withName', { name: view.other.name })}</Text>
          </Stack>
        )}
        <ActionFields
          kind={kind}
          booking={booking}
          values={values}
          errors={errors.fields}
          late={wouldBeLate(booking, openedAt)}
          onChange={(changes) => setValues((v) => ({ ...v, ...changes }))}
        />
        <FormAlert status="error" message={errors.message} />
      </form>
    </DialogShell>
  )
}

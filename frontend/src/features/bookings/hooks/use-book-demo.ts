import { useMemo, useReducer, useState } from 'react'
import { ApiError, errorMessage } from '@/api/client'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useCreateBooking, useFreeTimes } from '../api/bookings'
import { bookFormReducer, bookingBody, initialBookForm, shownChoice } from '../lib/book-form'
import { fieldErrors } from '../lib/field-errors'
import { startsByDay } from '../lib/slots'

/** The "Book a demo class" form: the tutor's free times, the parent's choices, and the answer. */
export function useBookDemo(tutorId: number, requestId: number | undefined, onDone: () => void) {
  const { t } = useTranslation('bookings')
  const free = useFreeTimes(tutorId)
  const [state, dispatch] = useReducer(bookFormReducer, initialBookForm)
  const days = useMemo(() => startsByDay(free.data?.free ?? [], state.length), [free.data, state.length])
  const choice = shownChoice(state, days)
  const create = useCreateBooking()
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({
    fields: {},
    message: null,
  })

  const submit = () => {
    const built = bookingBody(state, days, tutorId, requestId)
    if ('problem' in built) {
      const field = built.problem.kind === 'noStart' ? 'times' : `times.${built.problem.index}`
      const text = built.problem.kind === 'noStart' ? t('bookings:dialog.pickStart') : t('bookings:dialog.incomplete')
      setErrors({ fields: { [field]: text }, message: null })
      return
    }
    setErrors({ fields: {}, message: null })
    create.mutate(built.body, {
      onSuccess: () => {
        notifySuccess(t('bookings:dialog.sent'))
        onDone()
      },
      onError: (error) => {
        const fields = fieldErrors(error)
        // A time taken meanwhile (409): the free times are read again, so it is no longer offered.
        if (error instanceof ApiError && error.status === 409) void free.refetch()
        // The server's message is its first field's: shown once, under the field, when the form has it.
        const beside = Object.keys(fields).some((key) => key === 'note' || key.startsWith('times'))
        setErrors({
          fields,
          message: beside ? t('bookings:fieldsShown') : errorMessage(error, t('bookings:saveFailed')),
        })
      },
    })
  }

  return { free, state, dispatch, days, choice, submit, busy: create.isPending, errors }
}

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError, errorMessage } from '@/api/errors'

/** Where a form shows the message of a refused submit (`errors.root.server`). */
export const SERVER_ERROR = 'root.server'

interface Options {
  /**
   * 'always' (default): the message shows above the button even when fields got their own.
   * 'unlessFieldsShown': only when no field message found its field (the request form).
   */
  summary?: 'always' | 'unlessFieldsShown'
}

/**
 * The one way a form takes a refused submit: each of the server's per-field messages (the `fields`
 * of a 400 `validation`) goes beside the field it names, through react-hook-form's `setError`, and
 * the message (the server's, else `fallback`) goes to `root.server`, which the form shows above its
 * button and which the next submit clears. A name the form has no field for is left out; an
 * element of a list field (`banners[1]`, `location.coordinates`) is shown on the field itself.
 * Returns the message, for forms that announce it elsewhere (a snackbar).
 */
export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
  { summary = 'always' }: Options = {},
): string {
  const message = errorMessage(error, fallback)
  const shown = showFieldErrors(form, error)
  if (summary === 'always' || shown === 0) form.setError(SERVER_ERROR, { type: 'server', message })
  return message
}

/**
 * For a form that announces a refused submit in a snackbar, not above its button: the fields get
 * their messages as with `showServerError`, and the snackbar's text is returned — the message
 * (the server's, else `fallback`) when no field shows one, else `fieldsShown`, so that no message
 * shows twice (the server's message is its first field's).
 */
export function serverErrorToAnnounce<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fallback: string,
  fieldsShown: string,
): string {
  return showFieldErrors(form, error) > 0 ? fieldsShown : errorMessage(error, fallback)
}

/** Puts each of the server's per-field messages beside its field; returns how many found one. */
function showFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
): number {
  const fields = new Set(Object.keys(form.getValues()))
  let shown = 0
  if (error instanceof ApiError && error.fields) {
    for (const [name, text] of Object.entries(error.fields)) {
      const field = name.split(/[.[]/)[0]
      if (!text || !fields.has(field)) continue
      form.setError(field as Path<T>, { type: 'server', message: text })
      shown++
    }
  }
  return shown
}

import { ApiError, errorMessage } from '@/api/client'
import type { RequestFieldErrors } from '../components/RequestForm'

const FIELDS = ['subject', 'classLevel', 'preferredTime', 'location'] as const

/** A 400 from the server names its fields; those go next to the fields, the rest above the button. */
export function splitServerError(
  error: unknown,
  fallback: string,
): { message: string | null; fields: RequestFieldErrors } {
  if (!error) return { message: null, fields: {} }
  const fields: RequestFieldErrors = {}
  if (error instanceof ApiError && error.fields) {
    for (const key of FIELDS) {
      const text = error.fields[key]
      if (text) fields[key] = text
    }
  }
  return { message: Object.keys(fields).length > 0 ? null : errorMessage(error, fallback), fields }
}

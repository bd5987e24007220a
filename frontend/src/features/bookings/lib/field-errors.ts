import { ApiError } from '@/api/errors'

/**
 * The server's per-field messages of a refused booking or change, by the field the form shows them
 * under: `times[1].startsAt` → `times.1` (the second proposed time), `times`, `note`, `reason`,
 * `startsAt`. Anything else stays in the message above the buttons.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const shown: Record<string, string> = {}
  if (!(error instanceof ApiError) || !error.fields) return shown
  for (const [name, text] of Object.entries(error.fields)) {
    const [field, index] = name.split(/[.[\]]+/)
    if (!field || !text) continue
    const key = field === 'times' && index !== undefined && /^\d+$/.test(index) ? `times.${index}` : field
    shown[key] ??= text
  }
  return shown
}

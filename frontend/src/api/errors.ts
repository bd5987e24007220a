import type { ErrorCode } from './types'

/** A failed API call, carrying the message to show (the server's, or the SPEC §8 default). */
export class ApiError extends Error {
  readonly status: number
  readonly code?: ErrorCode
  readonly fields?: Record<string, string>
  readonly retryAfterSeconds?: number

  constructor(
    message: string,
    options: { status: number; code?: ErrorCode; fields?: Record<string, string> | null; retryAfterSeconds?: number },
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = options.status
    this.code = options.code
    this.fields = options.fields ?? undefined
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message) return error.message
  return fallback
}

import createClient from 'openapi-fetch'
import { REQUEST_TIMEOUT_MS } from '@/lib/constants'
import { currentLanguage } from '@/lib/i18n'
import { clearSession, getToken } from '@/lib/session'
import { redirectAfterUnauthorized } from '@/lib/unauthorized'
import { ApiError } from './errors'
import type { ApiErrorShape, ApiPaths } from './types'

export { ApiError, errorMessage } from './errors'

/**
 * Sent by a caller that shows its own message before leaving for /login (the subscribe page's
 * "Your session has expired" for 2 s, SPEC §8). The client strips it before the request goes out;
 * the session is still cleared at once.
 */
const CALLER_HANDLES_401 = 'X-Caller-Handles-401'
export const callerHandles401 = { [CALLER_HANDLES_401]: '1' } as const

/**
 * SPEC §4: any 401 clears the stored session and leaves for /login (except from /login, /register).
 * Exported for the one caller that cannot use `api`: uploads go through XMLHttpRequest for progress.
 */
export function handleUnauthorized(redirect: boolean) {
  clearSession()
  if (redirect) redirectAfterUnauthorized()
}

function timeoutSignal(signal: AbortSignal | null): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  if (!signal) return timeout
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout
}

/**
 * Every call goes through here: bearer token, the language shown (so that the server's messages are in
 * it), 15 s timeout, and the 401 rule.
 * `globalThis.fetch` is looked up per call so that test doubles installed later still apply.
 */
export async function apiFetch(request: Request): Promise<Response> {
  const headers = new Headers(request.headers)
  const callerRedirects = headers.has(CALLER_HANDLES_401)
  headers.delete(CALLER_HANDLES_401)
  const token = getToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  headers.set('Accept-Language', currentLanguage())
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody ? await request.blob() : null
  const response = await globalThis.fetch(request.url, {
    method: request.method,
    headers,
    body: body && body.size > 0 ? body : undefined,
    signal: timeoutSignal(request.signal),
    credentials: 'same-origin',
  })
  if (response.status === 401) handleUnauthorized(!callerRedirects)
  return response
}

export const api = createClient<ApiPaths>({
  baseUrl: `${window.location.origin}/api`,
  fetch: apiFetch,
})

export interface FetchResult<T> {
  data?: T
  error?: unknown
  response: Response
}

function bodyMessage(error: unknown): ApiErrorShape {
  if (error && typeof error === 'object') return error as ApiErrorShape
  return {}
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError whose message is the
 * server's one when it sent one, else `fallback` (the SPEC §8 default for that action).
 */
export async function request<T>(call: Promise<FetchResult<T>>, fallback: string): Promise<T> {
  let result: FetchResult<T>
  try {
    result = await call
  } catch {
    // Network failure, timeout or an unreadable body: the person gets the action's default message.
    throw new ApiError(fallback, { status: 0 })
  }
  const { data, error, response } = result
  if (!response.ok || error !== undefined) {
    const body = bodyMessage(error)
    const retryAfter = Number(response.headers.get('Retry-After'))
    throw new ApiError(typeof body.message === 'string' && body.message.trim() ? body.message : fallback, {
      status: response.status,
      code: body.code,
      fields: body.fields,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    })
  }
  return data as T
}

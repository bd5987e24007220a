import { apiFetch } from './client'
import { ApiError } from './errors'
import type { ApiErrorShape } from './types'

/**
 * A JSON POST or PUT to an endpoint the generated schema does not list yet (issue
 * 20's invite and photo; GETs go through get-json.ts), through the same client rules as `api`
 * (token, timeout, 401). Resolves with the JSON body and the status (201 vs 200); rejects with an
 * ApiError carrying the server's message or `fallback`.
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT',
  path: string,
  fallback: string,
  body?: unknown,
): Promise<{ data: T; status: number }> {
  const init: RequestInit = { method, headers: { Accept: 'application/json' } }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { ...init.headers, 'Content-Type': 'application/json' }
  }
  let response: Response
  try {
    response = await apiFetch(new Request(`${window.location.origin}/api${path}`, init))
  } catch {
    throw new ApiError(fallback, { status: 0 })
  }
  let parsed: unknown = null
  try {
    parsed = await response.json()
  } catch {
    parsed = null
  }
  if (!response.ok) {
    const error = (parsed && typeof parsed === 'object' ? parsed : {}) as ApiErrorShape
    const message = typeof error.message === 'string' && error.message.trim() ? error.message : fallback
    throw new ApiError(message, { status: response.status, code: error.code, fields: error.fields })
  }
  return { data: parsed as T, status: response.status }
}

import { apiFetch, request } from './client'

type Params = Record<string, string | number | boolean | null | undefined>

/**
 * GET a path the OpenAPI document does not list yet (issue 20's /places, /vocabulary) through the
 * same client rules as `api` (token, timeout, 401), answering its JSON or throwing an ApiError like
 * `request`. Once the backend's document has the path, callers switch to `api.GET` in one place.
 */
export function getJson<T>(path: string, params: Params, fallback: string, signal?: AbortSignal): Promise<T> {
  const url = new URL(`${window.location.origin}/api${path}`)
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') url.searchParams.set(key, String(value))
  }
  const call = (async () => {
    const response = await apiFetch(new Request(url, { method: 'GET', signal }))
    const text = await response.text()
    const body: unknown = text ? JSON.parse(text) : undefined
    return response.ok ? { data: body as T, response } : { error: body ?? {}, response }
  })()
  return request<T>(call, fallback)
}

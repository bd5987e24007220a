import { HttpResponse } from 'msw'
import type { components } from '@/api/schema'
import type { ErrorBody } from '@/api/types'

/** A body of the OpenAPI document's schema `K` (`Body<'SubscriptionStatus'>`): what the server sends. */
export type Body<K extends keyof components['schemas']> = components['schemas'][K]

/**
 * An error answer as the server sends it, `{message, code, fields?}` typed by the OpenAPI document's
 * ErrorBody, so a handler cannot answer with a code the server does not have (checked once the
 * document lists the codes as an enum). Status and code go together as in crates/server/src/errors.rs.
 */
export function apiError(status: number, body: ErrorBody, headers?: HeadersInit) {
  return HttpResponse.json(body, { status, headers })
}

/** 401 `unauthenticated`: what every bearer route answers without a valid session. */
export function unauthenticated() {
  return apiError(401, { message: 'Session expired. Please log in again.', code: 'unauthenticated' })
}

/** 404 `area_not_set`: GET /tuition/nearby/count for a tutor with no teaching area saved. */
export function areaNotSet() {
  return apiError(404, { message: 'You have not saved a teaching area yet.', code: 'area_not_set' })
}

import { i18n } from '@/lib/i18n'
import type { components, paths } from './schema'

/**
 * The server's paths without their `/api` prefix: the client's base URL carries it.
 * Works whether the OpenAPI document lists paths as `/api/auth/login` or as `/auth/login`.
 */
export type ApiPaths = {
  [K in keyof paths as K extends `/api${infer Rest}` ? Rest : K]: paths[K]
}

/**
 * A body as openapi-fetch hands it out: its `Readable` turns tuples (the document's `prefixItems`, such as
 * `Coordinates`) into arrays, so these types do too, or fetched data would not fit them.
 */
type AsFetched<T> = T extends (infer E)[] ? AsFetched<E>[] : T extends object ? { [K in keyof T]: AsFetched<T[K]> } : T

type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? AsFetched<T> : never

/** The JSON body of an operation's 200/201 response. */
export type SuccessBody<Op> = Op extends { responses: infer Rs }
  ? 200 extends keyof Rs
    ? JsonContent<Rs[200]>
    : 201 extends keyof Rs
      ? JsonContent<Rs[201]>
      : never
  : never

/** The JSON request body of an operation. */
export type RequestBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never

export type LoginResponse = SuccessBody<ApiPaths['/auth/login']['post']>
export type Profile = LoginResponse['user']
/** The app's one name for a role, as the OpenAPI document states it. */
export type Role = components['schemas']['Role']

const ROLES: readonly Role[] = ['parent', 'tutor', 'admin']

export function asRole(value: unknown): Role | null {
  return ROLES.find((role) => role === value) ?? null
}

export function roleLabel(role: Role | null): string {
  switch (role) {
    case 'parent':
      return i18n.t('common:roles.parent')
    case 'tutor':
      return i18n.t('common:roles.tutor')
    case 'admin':
      return i18n.t('common:roles.admin')
    default:
      return i18n.t('common:roles.guest')
  }
}
/** What every error response of the server carries (DESIGN.md §4): `{message, code, fields?}`. */
export type ErrorBody = components['schemas']['ErrorBody']
/** The server's error codes: a union as soon as the OpenAPI document lists them. */
export type ErrorCode = ErrorBody['code']

/** An error body as it arrives: any of it may be missing when a proxy or a crash answered. */
export type ApiErrorShape = Partial<ErrorBody>

/** A parent's own tuition request, with the tutors interested in it (GET /tuition/mine). */
export type TuitionRequest = SuccessBody<ApiPaths['/tuition/mine']['get']>[number]
/** A request as a subscribed tutor sees it: approximate location, distance, parent contact. */
export type NearbyRequest = SuccessBody<ApiPaths['/tuition/nearby']['get']>[number]
export type InterestedTutor = TuitionRequest['interestedTutors'][number]

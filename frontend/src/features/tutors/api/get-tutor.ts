import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { i18n } from '@/lib/i18n'
import { tutorProfileQueryKey } from './keys'

/** The public profile, with its photo, fee, rating summary and teaching area. */
export type TutorProfile = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>

/** GET /tutors/{idOrEmail}: the public profile; the id may be the tutor's id or e-mail. */
export function getTutor(idOrEmail: string) {
  return request<TutorProfile>(
    api.GET('/tutors/{idOrEmail}', { params: { path: { idOrEmail } } }),
    i18n.t('tutors:profile.notFound'),
  )
}

export function tutorQueryOptions(idOrEmail: string) {
  return queryOptions({
    queryKey: [...tutorProfileQueryKey, idOrEmail],
    queryFn: () => getTutor(idOrEmail),
  })
}

export function useTutor(idOrEmail: string) {
  return useQuery({ ...tutorQueryOptions(idOrEmail), enabled: idOrEmail !== '' })
}

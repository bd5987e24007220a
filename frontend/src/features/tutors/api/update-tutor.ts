import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, RequestBody } from '@/api/types'
import { i18n } from '@/lib/i18n'
import { tutorProfileQueryKey } from './keys'

/** The eight text fields; the fee per hour is saved on its own (features/profile's tutor card). */
export type TutorProfileChanges = Required<Omit<RequestBody<ApiPaths['/tutors/{idOrEmail}']['put']>, 'feePerHour'>>

/** PUT /tutors/{lowercased email} (SPEC §7): the eight profile fields; the tutor themself or an admin. */
export function updateTutor({ email, changes }: { email: string; changes: TutorProfileChanges }) {
  return request(
    api.PUT('/tutors/{idOrEmail}', { params: { path: { idOrEmail: email.toLowerCase() } }, body: changes }),
    i18n.t('tutors:edit.failed'),
  )
}

/** Saves, then re-fetches the profile (SPEC §4) before the caller goes back to view mode. */
export function useUpdateTutor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorProfileQueryKey }),
  })
}

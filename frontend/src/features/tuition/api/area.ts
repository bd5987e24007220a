import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { i18n } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { nearbyQueryKey, tutorAreaQueryKey } from './keys'
import type { TutorArea, TutorAreaBody } from './types'

export type { TutorArea, TutorAreaBody } from './types'

/** The messages when the server sends none, in the language shown when they are read. */
export const loadAreaFailed = () => i18n.t('tuition:a.loadFailed')
export const saveAreaFailed = () => i18n.t('tuition:a.saveFailed')

/** GET /tutors/me/area; null when none is saved yet. */
export function getTutorArea(): Promise<TutorArea | null> {
  return request(api.GET('/tutors/me/area'), loadAreaFailed())
}

export function tutorAreaQueryOptions() {
  return queryOptions({ queryKey: tutorAreaQueryKey, queryFn: getTutorArea })
}

/** A tutor's saved area (nothing is asked for anyone else). */
export function useTutorArea() {
  const { role } = useSession()
  return useQuery({ ...tutorAreaQueryOptions(), enabled: role === 'tutor' })
}

/** PUT /tutors/me/area: answers the area as saved (trimmed, deduplicated). */
export function saveTutorArea(body: TutorAreaBody): Promise<TutorArea> {
  return request(api.PUT('/tutors/me/area', { body }), saveAreaFailed())
}

export function useSaveTutorArea() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTutorArea,
    onSuccess: async (data) => {
      queryClient.setQueryData(tutorAreaQueryKey, data)
      // The count of requests in the area changes with it.
      await queryClient.invalidateQueries({ queryKey: nearbyQueryKey })
    },
  })
}

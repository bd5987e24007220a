import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'
import { useSession } from '@/lib/session'

export type MyAvailability = components['schemas']['MyAvailability']
export type FreeTimes = components['schemas']['FreeTimes']
export type TimeOffBody = components['schemas']['TimeOffBody']
export type SlotBody = components['schemas']['SlotBody']

export const myAvailabilityKey = ['availability', 'mine'] as const
export const freeTimesKey = (tutorId: number | string) => ['availability', 'free', String(tutorId)] as const

/** The messages when the server sends none, in the language shown when they are read. */
const loadFailed = () => i18n.t('availability:loadFailed')
const saveFailed = () => i18n.t('availability:saveFailed')

export function myAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: myAvailabilityKey,
    queryFn: () => request(api.GET('/tutors/me/availability'), loadFailed()),
  })
}

/** The signed-in tutor's week and time off (nothing is asked for anyone else). */
export function useMyAvailability() {
  const { role } = useSession()
  return useQuery({ ...myAvailabilityQueryOptions(), enabled: role === 'tutor' })
}

/** Every edit answers the whole availability as saved; the tutor's own free times change with it. */
function useAvailabilityMutation<T>(call: (input: T) => Promise<MyAvailability>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: async (data) => {
      queryClient.setQueryData(myAvailabilityKey, data)
      await queryClient.invalidateQueries({ queryKey: ['availability', 'free'] })
    },
  })
}

export function useSaveWeek() {
  return useAvailabilityMutation((slots: SlotBody[]) =>
    request(api.PUT('/tutors/me/availability/slots', { body: { slots } }), saveFailed()),
  )
}

export function useAddTimeOff() {
  return useAvailabilityMutation((body: TimeOffBody) =>
    request(api.POST('/tutors/me/availability/exceptions', { body }), saveFailed()),
  )
}

export function useRemoveTimeOff() {
  return useAvailabilityMutation((id: number) =>
    request(api.DELETE('/tutors/me/availability/exceptions/{id}', { params: { path: { id } } }), saveFailed()),
  )
}

/** A tutor's free times over the next two weeks (public, as the profile). */
export function useFreeTimes(tutorId: number) {
  return useQuery({
    queryKey: freeTimesKey(tutorId),
    queryFn: () =>
      request(
        api.GET('/tutors/{idOrEmail}/availability', { params: { path: { idOrEmail: String(tutorId) } } }),
        loadFailed(),
      ),
  })
}

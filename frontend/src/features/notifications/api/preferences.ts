import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { notificationPreferencesQueryKey } from './keys'
import type { PreferenceChange } from './types'

export const LOAD_PREFERENCES_FAILED = 'Failed to load notification settings'
export const SAVE_PREFERENCES_FAILED = 'Failed to save notification settings'

/** GET /notifications/preferences: the kinds that apply to the caller's role. */
export function getPreferences() {
  return request(api.GET('/notifications/preferences'), LOAD_PREFERENCES_FAILED)
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: notificationPreferencesQueryKey, queryFn: getPreferences })
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions())
}

/** PUT /notifications/preferences: answers the whole list, as GET does. */
export function savePreferences(preferences: PreferenceChange[]) {
  return request(api.PUT('/notifications/preferences', { body: { preferences } }), SAVE_PREFERENCES_FAILED)
}

export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesQueryKey, data),
  })
}

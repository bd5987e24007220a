import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, RequestBody } from '@/api/types'
import { refetchInNewLanguage } from '@/lib/language-queries'
import { MESSAGES } from '@/lib/messages'
import { updateSessionUser } from '@/lib/session'
import { profileQueryKey } from './get-profile'

export type ProfileChanges = RequestBody<ApiPaths['/auth/profile']['put']>

export function updateProfile(body: ProfileChanges) {
  return request(api.PUT('/auth/profile', { body }), MESSAGES.updateProfileFailed)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (data, changes) => {
      updateSessionUser(data.user)
      await queryClient.invalidateQueries({ queryKey: profileQueryKey })
      // A signed-in reader's answers follow the language stored with the account: now the new one.
      if (changes.language) await refetchInNewLanguage(queryClient)
    },
  })
}

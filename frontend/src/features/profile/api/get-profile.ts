import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { profileQueryKey } from '@/api/query-keys'
import { MESSAGES } from '@/lib/messages'
import { useSession } from '@/lib/session'

export { profileQueryKey }

export function profileQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...profileQueryKey, token],
    queryFn: () => request(api.GET('/auth/profile'), MESSAGES.loadProfileFailed),
  })
}

/** The logged-in user's profile; idle while logged out. */
export function useProfile() {
  const { token } = useSession()
  return useQuery({ ...profileQueryOptions(token), enabled: Boolean(token) })
}

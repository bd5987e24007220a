import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export function verifyEmailLinkQueryOptions(token: string, email: string) {
  return queryOptions({
    queryKey: ['verify-email', token, email],
    queryFn: () =>
      request(api.GET('/verify-email', { params: { query: { token, email } } }), MESSAGES.verificationFailed),
    retry: false,
    staleTime: Infinity,
  })
}

/** Verifies once per link; disabled when the link lacks its token or e-mail. */
export function useVerifyEmailLink(token: string | null, email: string | null) {
  return useQuery({ ...verifyEmailLinkQueryOptions(token ?? '', email ?? ''), enabled: Boolean(token && email) })
}

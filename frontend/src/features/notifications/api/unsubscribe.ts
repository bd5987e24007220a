import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { notificationsQueryKey } from './keys'

export const UNSUBSCRIBE_FAILED = 'This unsubscribe link is not valid. Change your e-mail settings on your profile.'

/** GET /notifications/unsubscribe?token=: no login; what the link would turn off, changing nothing. */
export function readUnsubscribeLink(token: string) {
  return request(api.GET('/notifications/unsubscribe', { params: { query: { token } } }), UNSUBSCRIBE_FAILED)
}

/** POST /notifications/unsubscribe?token=: no login; turns that kind's e-mails off. */
export function unsubscribe(token: string) {
  return request(api.POST('/notifications/unsubscribe', { params: { query: { token } } }), UNSUBSCRIBE_FAILED)
}

export function unsubscribeLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'unsubscribe', token],
    queryFn: () => readUnsubscribeLink(token),
    staleTime: Infinity,
    retry: false,
  })
}

/** What the link names (opening it changes nothing: mail scanners open links too). */
export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeLinkQueryOptions(token), enabled: token !== '' })
}

/** The person's confirmation: the link's answer becomes the POST's (`email: off`). */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (done) => queryClient.setQueryData(unsubscribeLinkQueryOptions(token).queryKey, done),
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { notificationsQueryKey } from './keys'

export const UNSUBSCRIBE_FAILED = 'This unsubscribe link is not valid. Change your e-mail settings on your profile.'

/** GET /notifications/unsubscribe?token=: no login; turns that kind's e-mails off. */
export function unsubscribe(token: string) {
  return request(api.GET('/notifications/unsubscribe', { params: { query: { token } } }), UNSUBSCRIBE_FAILED)
}

export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'unsubscribe', token],
    queryFn: () => unsubscribe(token),
    staleTime: Infinity,
    retry: false,
  })
}

/** Once per link: the answer does not change. */
export function useUnsubscribe(token: string) {
  return useQuery({ ...unsubscribeQueryOptions(token), enabled: token !== '' })
}

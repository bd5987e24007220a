import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'
import { myRequestsQueryKey } from './keys'

/** GET /tuition/mine: the parent's own requests, newest first, each with its interested tutors. */
export function getMyRequests() {
  return request(api.GET('/tuition/mine'), MESSAGES.fetchRequestsFailed)
}

export function myRequestsQueryOptions() {
  return queryOptions({ queryKey: myRequestsQueryKey, queryFn: getMyRequests })
}

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions())
}

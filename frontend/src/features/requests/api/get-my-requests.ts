import { useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { myRequestsQueryKey } from '@/api/query-keys'
import { MESSAGES } from '@/lib/constants'

/** GET /tuition/mine: the parent's own requests, newest first, each with its interested tutors. */
export function getMyRequests() {
  return request(api.GET('/tuition/mine'), MESSAGES.fetchRequestsFailed)
}

export function useMyRequests() {
  return useQuery({ queryKey: myRequestsQueryKey, queryFn: getMyRequests })
}

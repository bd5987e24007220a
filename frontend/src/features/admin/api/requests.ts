import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

export type AdminRequest = components['schemas']['AdminRequestDto']

/** GET /admin/requests: every tuition request. */
export function adminRequestsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.requests,
    queryFn: () => request(api.GET('/admin/requests'), ADMIN_MESSAGES.loadRequests),
  })
}

export function useAdminRequests() {
  return useQuery(adminRequestsQueryOptions())
}

export function useFlagRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, flagged, flagReason }: { id: number; flagged: boolean; flagReason: string | null }) =>
      request(
        api.POST('/admin/requests/{id}/flag', { params: { path: { id } }, body: { flagged, flagReason } }),
        ADMIN_MESSAGES.flag,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.requests }),
  })
}

export function useAssignTutor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, tutorId }: { id: number; tutorId: number | null }) =>
      request(
        api.POST('/admin/requests/{id}/assign-tutor', { params: { path: { id } }, body: { tutorId } }),
        ADMIN_MESSAGES.assignTutor,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.requests }),
  })
}

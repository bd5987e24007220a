import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

function useInvalidateAdmin() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

/** POST /admin/tutors/{id}/approve {approved}. */
export function useApproveTutor() {
  const invalidate = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ id, approved }: { id: number; approved: boolean }) =>
      request(
        api.POST('/admin/tutors/{id}/approve', { params: { path: { id } }, body: { approved } }),
        ADMIN_MESSAGES.approval,
      ),
    onSuccess: invalidate,
  })
}

/** POST /admin/tutors/{id}/feature {featured}. */
export function useFeatureTutor() {
  const invalidate = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) =>
      request(
        api.POST('/admin/tutors/{id}/feature', { params: { path: { id } }, body: { featured } }),
        ADMIN_MESSAGES.featured,
      ),
    onSuccess: invalidate,
  })
}

/** POST /admin/tutors/{id}/badges {badges}. */
export function useTutorBadges() {
  const invalidate = useInvalidateAdmin()
  return useMutation({
    mutationFn: ({ id, badges }: { id: number; badges: string[] }) =>
      request(
        api.POST('/admin/tutors/{id}/badges', { params: { path: { id } }, body: { badges } }),
        ADMIN_MESSAGES.badges,
      ),
    onSuccess: invalidate,
  })
}

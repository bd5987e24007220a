import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

function useInvalidateAdmin() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all })
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

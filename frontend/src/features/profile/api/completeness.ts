import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { i18n } from '@/lib/i18n'

/** GET /tutors/me/completeness: the onboarding steps done and missing, the percentage, searchable. */
export type Completeness = SuccessBody<ApiPaths['/tutors/me/completeness']['get']>

export const completenessQueryKey = ['profile', 'completeness'] as const

export function completenessQueryOptions() {
  return queryOptions({
    queryKey: completenessQueryKey,
    queryFn: () => request<Completeness>(api.GET('/tutors/me/completeness'), i18n.t('onboarding:about.failed')),
  })
}

export function useCompleteness() {
  return useQuery(completenessQueryOptions())
}

/** Asks the server again (after a step's save): the meter follows what is saved. */
export function useRefreshCompleteness() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: completenessQueryKey })
}

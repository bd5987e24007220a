import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { ADMIN_MESSAGES } from '../lib/messages'
import { adminKeys } from './keys'

/** The four reports of Analytics & Reports, loaded together. */
export function analyticsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.analytics,
    queryFn: async () => {
      const [userStats, searchTrends, popularTutors, revenue] = await Promise.all([
        request(api.GET('/admin/analytics/user-stats'), ADMIN_MESSAGES.loadAnalytics),
        request(api.GET('/admin/analytics/search-trends'), ADMIN_MESSAGES.loadAnalytics),
        request(api.GET('/admin/analytics/popular-tutors'), ADMIN_MESSAGES.loadAnalytics),
        request(api.GET('/admin/analytics/revenue'), ADMIN_MESSAGES.loadAnalytics),
      ])
      return { userStats, searchTrends, popularTutors, revenue }
    },
  })
}

export function useAnalytics() {
  return useQuery(analyticsQueryOptions())
}

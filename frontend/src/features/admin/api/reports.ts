import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'
import { adminKeys } from './keys'

export type QueuedReport = components['schemas']['QueuedReportDto']
export type ReportAction = components['schemas']['DecideBody']['action']

const reportKeys = {
  queue: [...adminKeys.all, 'reports'] as const,
  open: [...adminKeys.all, 'reports', 'open'] as const,
}

/** GET /admin/reports: open reports, oldest first, each in its context. */
export function reportQueueQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.queue,
    queryFn: () => request(api.GET('/admin/reports'), i18n.t('moderation:admin.failed')),
  })
}

export function useReportQueue() {
  return useQuery(reportQueueQueryOptions())
}

/** GET /admin/reports/open: the dashboard's figure. */
export function useOpenReports() {
  return useQuery({
    queryKey: reportKeys.open,
    queryFn: () => request(api.GET('/admin/reports/open'), i18n.t('moderation:admin.failed')),
  })
}

/** POST /admin/reports/{id}/decide; the queue and the figure are read again. */
export function useDecideReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReportAction }) =>
      request(
        api.POST('/admin/reports/{id}/decide', { params: { path: { id } }, body: { action } }),
        i18n.t('moderation:admin.decideFailed'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.queue }),
  })
}

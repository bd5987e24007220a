import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'

export type ReportBody = components['schemas']['ReportBody']
export type ReportTarget = ReportBody['target']
export type ReportReason = ReportBody['reason']
export type BlockedPerson = components['schemas']['BlockedPersonDto']

export const REPORT_REASONS: readonly ReportReason[] = [
  'money_upfront',
  'spam',
  'harassment',
  'fake_profile',
  'unsafe',
  'other',
]

export const moderationKeys = {
  blocks: ['moderation', 'blocks'] as const,
}

/** POST /reports: one report per person and target (a repeat answers 409 with the server's sentence). */
export function useFileReport() {
  return useMutation({
    mutationFn: (body: ReportBody) => request(api.POST('/reports', { body }), i18n.t('moderation:report.failed')),
  })
}

/** GET /chat/blocks: the people I block, most recent first. */
export function blockedPeopleQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.blocks,
    queryFn: () => request(api.GET('/chat/blocks'), MESSAGES.loadBlocksFailed),
  })
}

export function useBlockedPeople() {
  return useQuery(blockedPeopleQueryOptions())
}

/** POST /chat/block or DELETE /chat/block/{partnerId}; the list of blocked people is read again. */
export function useSetBlock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ userId, blocked }: { userId: number; blocked: boolean }) => {
      const fallback = MESSAGES.blockFailed
      await (blocked
        ? request(api.POST('/chat/block', { body: { partnerId: userId } }), fallback)
        : request(api.DELETE('/chat/block/{partnerId}', { params: { path: { partnerId: userId } } }), fallback))
      return blocked
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.blocks }),
  })
}

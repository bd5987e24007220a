import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, apiFetch, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'

type Schemas = components['schemas']
export type QueueItem = Schemas['VerificationQueueItemDto']
export type Submission = Schemas['VerificationSubmissionDto']
export type RejectReason = Schemas['RejectReasonDto']

export const REJECT_REASONS: RejectReason[] = [
  'unreadable',
  'name_mismatch',
  'wrong_document',
  'expired',
  'not_masked',
  'other',
]

const queueKey = ['admin', 'verification'] as const

/** GET /admin/verification: submissions in review, the longest waiting first. */
export function useVerificationQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: () => request(api.GET('/admin/verification'), i18n.t('verification:admin.loadError')),
  })
}

export type Decision =
  | { id: number; approve: { id: boolean; qualification: boolean; police: boolean } }
  | { id: number; reject: { reason: RejectReason; text: string } }

/** POST /admin/verification/{id}/approve or /reject. */
export function useDecideVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: Decision) => {
      const path = { params: { path: { id: decision.id } } }
      const call =
        'approve' in decision
          ? api.POST('/admin/verification/{id}/approve', { ...path, body: decision.approve })
          : api.POST('/admin/verification/{id}/reject', { ...path, body: decision.reject })
      return request<Submission>(call, i18n.t('verification:admin.decideError'))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  })
}

/**
 * Opens a private document in a new tab: fetched with the session's token (a plain link would carry
 * none), shown from a local object URL. Each admin look is written to the audit log by the server.
 */
export async function openDocument(id: number): Promise<void> {
  const response = await apiFetch(new Request(`${window.location.origin}/api/verification/documents/${id}`))
  if (!response.ok) throw new Error(i18n.t('verification:page.loadError'))
  const url = URL.createObjectURL(await response.blob())
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

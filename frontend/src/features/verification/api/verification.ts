import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { components } from '@/api/schema'
import { i18n } from '@/lib/i18n'

type Schemas = components['schemas']
export type VerificationStatus = Schemas['VerificationStatus']
export type Submission = Schemas['VerificationSubmissionDto']

export const ID_KINDS = ['aadhaar', 'pan', 'passport', 'driving_licence', 'voter_id'] as const

export const verificationKeys = {
  mine: ['verification', 'mine'] as const,
}

/** GET /verification: the tutor's latest submission and their badge. */
export function myVerificationQueryOptions() {
  return queryOptions({
    queryKey: verificationKeys.mine,
    queryFn: () => request(api.GET('/verification'), i18n.t('verification:page.loadError')),
  })
}

export function useMyVerification() {
  return useQuery(myVerificationQueryOptions())
}

export interface SubmissionInput {
  idKind: string
  aadhaarMasked: boolean
  qualification: string
  note: string
  idFile: File | null
  qualificationFile: File | null
  policeFile: File | null
}

/** POST /verification (multipart): the documents for review. */
export function useSubmitVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SubmissionInput) => {
      const form = new FormData()
      form.append('idKind', input.idKind)
      form.append('aadhaarMasked', String(input.aadhaarMasked))
      form.append('qualification', input.qualification)
      form.append('note', input.note)
      if (input.idFile) form.append('idFile', input.idFile)
      if (input.qualificationFile) form.append('qualificationFile', input.qualificationFile)
      if (input.policeFile) form.append('policeFile', input.policeFile)
      return request(
        api.POST('/verification', {
          body: form as unknown as Schemas['VerificationForm'],
          bodySerializer: (b) => b as unknown as FormData,
        }),
        i18n.t('verification:page.sendError'),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.mine }),
  })
}

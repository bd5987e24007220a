import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, handleUnauthorized, request } from '@/api/client'
import type { FeePerHourChange, PhotoResult } from '@/api/discovery-types'
import { ApiError } from '@/api/errors'
import type { ApiErrorShape, ApiPaths, SuccessBody } from '@/api/types'
import { REQUEST_TIMEOUT_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { getToken } from '@/lib/session'
import { currentLanguage, i18n } from '@/lib/i18n'

// Read when shown, in the language shown then.
export const photoFailed = () => i18n.t('profile:card.photoFailed')
export const feeFailed = () => i18n.t('profile:card.feeFailed')

type PublicProfile = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>

const tutorCardQueryKey = ['profile', 'tutor-card'] as const

/** The tutor's own public profile (GET /tutors/{id}): what the card shows, the photo and the fee. */
export function useMyTutorCard(tutorId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...tutorCardQueryKey, tutorId],
      queryFn: () =>
        request<PublicProfile>(
          api.GET('/tutors/{idOrEmail}', { params: { path: { idOrEmail: String(tutorId) } } }),
          MESSAGES.loadProfileFailed,
        ),
      enabled: tutorId !== undefined,
    }),
  )
}

/**
 * POST /tutors/me/photo (multipart `photo`): stored re-encoded, cropped square, 400×400.
 * XMLHttpRequest like the uploader (components/upload): the same bearer token and 401 rule.
 */
export function uploadPhoto(file: File): Promise<PhotoResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    form.append('photo', file, file.name)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${window.location.origin}/api/tutors/me/photo`)
    xhr.timeout = REQUEST_TIMEOUT_MS
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Accept-Language', currentLanguage())
    const fail = () => reject(new ApiError(photoFailed(), { status: 0 }))
    xhr.onerror = fail
    xhr.ontimeout = fail
    xhr.onabort = fail
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status === 401) handleUnauthorized(true)
      const ok = body as Partial<PhotoResult> | null
      if (xhr.status >= 200 && xhr.status < 300 && typeof ok?.photoUrl === 'string') {
        resolve({ photoUrl: ok.photoUrl })
        return
      }
      const error = (body && typeof body === 'object' ? body : {}) as ApiErrorShape
      const message = typeof error.message === 'string' && error.message.trim() ? error.message : photoFailed()
      reject(new ApiError(message, { status: xhr.status, code: error.code, fields: error.fields }))
    }
    xhr.send(form)
  })
}

/** PUT /tutors/{email} with only `feePerHour` (rupees, or null to clear); the other fields stay. */
export function saveFeePerHour({ email, feePerHour }: { email: string } & FeePerHourChange) {
  return request(
    api.PUT('/tutors/{idOrEmail}', { params: { path: { idOrEmail: email.toLowerCase() } }, body: { feePerHour } }),
    feeFailed(),
  )
}

function useRefresh() {
  const queryClient = useQueryClient()
  // The public profile (features/tutors' ['tutors', …]) shows them too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tutorCardQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['tutors'] }),
    ])
}

export function useUploadPhoto() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: uploadPhoto, onSuccess: refresh })
}

export function useSaveFeePerHour() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: saveFeePerHour, onSuccess: refresh })
}

/** PUT /tutors/{id} with only `about`; the other fields and the fee stay. */
export function saveAbout({ tutorId, about }: { tutorId: number; about: string }) {
  return request(
    api.PUT('/tutors/{idOrEmail}', { params: { path: { idOrEmail: String(tutorId) } }, body: { about } }),
    i18n.t('onboarding:about.failed'),
  )
}

export function useSaveAbout() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: saveAbout, onSuccess: refresh })
}

import { api, handleUnauthorized, request } from '@/api/client'
import { ApiError } from '@/api/errors'
import type { ApiErrorShape, ApiPaths, SuccessBody } from '@/api/types'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, REQUEST_TIMEOUT_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { getToken } from '@/lib/session'
import { currentLanguage, i18n } from '@/lib/i18n'

export type UploadedFile = SuccessBody<ApiPaths['/upload/single']['post']>['file']
export type UploadMode = 'single' | 'multiple'

/** SPEC §5: the first file over the limit, as the message to show (in the language shown); null when all fit. */
export function tooLargeMessage(files: readonly File[], maxBytes: number = MAX_UPLOAD_BYTES): string | null {
  const big = files.find((file) => file.size > maxBytes)
  return big ? i18n.t('shared:upload.tooLarge', { name: big.name, max: MAX_UPLOAD_LABEL }) : null
}

/**
 * Per-file progress (0–1) from one request's progress: the files go in order in one multipart body,
 * so the bytes sent so far cover the first files fully and the next one partly.
 */
export function perFileProgress(files: readonly File[], loaded: number, total: number): number[] {
  const content = files.reduce((sum, file) => sum + file.size, 0)
  // `total` includes the multipart boundaries and headers: scale it down to the files' bytes.
  const sent = total > 0 ? (loaded / total) * content : 0
  let before = 0
  return files.map((file) => {
    const start = before
    before += file.size
    if (file.size === 0) return sent >= start ? 1 : 0
    return Math.min(1, Math.max(0, (sent - start) / file.size))
  })
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * POST /upload/single (field `file`) or /upload/multiple (field `files`). XMLHttpRequest rather than
 * the typed client because fetch reports no upload progress; it sends the same bearer token and
 * applies the same 401 rule. Resolves with the stored files; rejects with an ApiError carrying the
 * server's message or 'Failed to upload file(s)'.
 */
export function uploadFiles(
  mode: UploadMode,
  files: readonly File[],
  onProgress: (perFile: number[]) => void,
): Promise<{ files: UploadedFile[]; message: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    const field = mode === 'single' ? 'file' : 'files'
    files.forEach((file) => form.append(field, file, file.name))

    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${window.location.origin}/api/upload/${mode}`)
    xhr.timeout = REQUEST_TIMEOUT_MS
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Accept-Language', currentLanguage())

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(perFileProgress(files, event.loaded, event.total))
    }
    const fail = () => reject(new ApiError(MESSAGES.uploadFailed, { status: 0 }))
    xhr.onerror = fail
    xhr.ontimeout = fail
    xhr.onabort = fail
    xhr.onload = () => {
      const body = parseBody(xhr.responseText)
      if (xhr.status === 401) handleUnauthorized(true)
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        const ok = body as { file?: UploadedFile; files?: UploadedFile[]; message?: string }
        const stored = ok.files ?? (ok.file ? [ok.file] : [])
        if (stored.length > 0) {
          onProgress(files.map(() => 1))
          resolve({ files: stored, message: ok.message ?? '' })
          return
        }
      }
      const error = (body && typeof body === 'object' ? body : {}) as ApiErrorShape
      const message = typeof error.message === 'string' && error.message.trim() ? error.message : MESSAGES.uploadFailed
      reject(new ApiError(message, { status: xhr.status, code: error.code, fields: error.fields }))
    }
    xhr.send(form)
  })
}

/** DELETE /upload/{filename}: the uploader's own file (or any, for an admin). */
export function deleteUpload(filename: string) {
  return request(api.DELETE('/upload/{filename}', { params: { path: { filename } } }), MESSAGES.deleteFileFailed)
}

/** Where the server serves a stored file. */
export function fileUrl(file: UploadedFile): string {
  return file.url || `/api/uploads/${encodeURIComponent(file.filename)}`
}

import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, RequestBody } from '@/api/types'
import { MESSAGES } from '@/lib/messages'

export type RegisterInput = RequestBody<ApiPaths['/auth/register']['post']>

export function registerUser(body: RegisterInput) {
  return request(api.POST('/auth/register', { body }), MESSAGES.registrationFailed)
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser })
}

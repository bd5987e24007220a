import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, RequestBody } from '@/api/types'
import { MESSAGES } from '@/lib/constants'
import { startSession } from '@/lib/session'

export type LoginInput = RequestBody<ApiPaths['/auth/login']['post']>

/** Logs in and stores token, role, lowercased e-mail, user and userId (SPEC §3, §4). */
export async function login(body: LoginInput) {
  const data = await request(api.POST('/auth/login', { body }), MESSAGES.loginFailed)
  startSession({
    token: data.token,
    role: data.role ?? data.user.role,
    email: (data.email ?? data.user.email ?? body.email).toLowerCase(),
    user: data.user,
  })
  return data
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}

import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import type { ApiPaths, RequestBody } from '@/api/types'
import { MESSAGES } from '@/lib/messages'
import { startSession } from '@/lib/session'
import { notifySuccess } from '@/lib/toaster'

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

/**
 * The sign-in mutation. Its success message is given here, not by the form: starting the session
 * sends the guards' redirect at once, the login screen unmounts, and a form's own `onSuccess` is
 * then never called (the message was lost on every sign-in).
 */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: () => notifySuccess(MESSAGES.signedIn) })
}

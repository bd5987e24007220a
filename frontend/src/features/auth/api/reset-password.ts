import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export function resetPassword(body: { email: string; otp: string; newPassword: string }) {
  return request(api.POST('/auth/reset-password', { body }), MESSAGES.resetFailed)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}

import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export function sendResetOtp(body: { email: string }) {
  return request(api.POST('/auth/send-reset-otp', { body }), MESSAGES.sendOtpFailed)
}

export function useSendResetOtp() {
  return useMutation({ mutationFn: sendResetOtp })
}

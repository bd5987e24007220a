import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export function resendOtp(body: { email: string }) {
  return request(api.POST('/verify/resend-otp', { body }), MESSAGES.sendOtpFailed)
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp })
}

import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { MESSAGES } from '@/lib/messages'

export function verifyEmailOtp(body: { email: string; otp: string }) {
  return request(api.POST('/verify/email-otp', { body }), MESSAGES.verificationFailed)
}

export function useVerifyEmailOtp() {
  return useMutation({ mutationFn: verifyEmailOtp })
}

import { Button, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES, OTP_DIGITS, REDIRECT_AFTER_OTP_MS } from '@/lib/constants'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { login } from '../api/login'
import { useResendOtp } from '../api/resend-otp'
import { useVerifyEmailOtp } from '../api/verify-email-otp'
import { AuthCard } from '../components/AuthCard'
import { OtpInput } from '../components/OtpInput'

interface OtpState {
  email?: string
  password?: string
}

/** SPEC §4: verify the 6-digit code, log in with the registration's credentials, go to / after 1 s. */
export default function VerifyEmailOtp() {
  const state = (useLocation().state as OtpState | null) ?? {}
  const navigate = useNavigate()
  const [email, setEmail] = useState(state.email ?? '')
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [signingIn, setSigningIn] = useState(false)
  const verify = useVerifyEmailOtp()
  const resend = useResendOtp()
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const later = (go: () => void) => {
    timer.current = window.setTimeout(go, REDIRECT_AFTER_OTP_MS)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (otp.length !== OTP_DIGITS || !email.trim()) return
    setError(null)
    const address = email.trim().toLowerCase()
    verify.mutate(
      { email: address, otp },
      {
        onSuccess: async (data) => {
          setSuccess(data?.message || 'Email verified successfully!')
          if (!state.password) {
            later(() => navigate('/login', { state: { message: 'Your e-mail is verified. Please sign in.' } }))
            return
          }
          setSigningIn(true)
          try {
            await login({ email: address, password: state.password })
            later(() => navigate('/', { replace: true }))
          } catch {
            later(() => navigate('/login', { state: { message: 'Your e-mail is verified. Please sign in.' } }))
          } finally {
            setSigningIn(false)
          }
        },
        onError: (e) => setError(errorMessage(e, MESSAGES.verificationFailed)),
      },
    )
  }

  const onResend = () => {
    if (!email.trim()) {
      setError('Please enter your email first.')
      return
    }
    setError(null)
    resend.mutate(
      { email: email.trim().toLowerCase() },
      {
        onSuccess: (data) => notifySuccess(data?.message || 'A new code has been sent to your e-mail.'),
        onError: (e) => notifyError(errorMessage(e, MESSAGES.sendOtpFailed)),
      },
    )
  }

  const done = Boolean(success)

  return (
    <AuthCard
      title="Verify Your Email"
      subtitle={
        state.email ? (
          <>
            Enter the 6-digit code we sent to <strong>{state.email}</strong>.
          </>
        ) : (
          'Enter your e-mail and the 6-digit code we sent to it.'
        )
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Verify your email">
        <Stack gap="4">
          {!state.email && (
            <FormField label="Email" required>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
          )}
          <FormField label="Verification code" required helperText="6 digits">
            <OtpInput value={otp} onValueChange={setOtp} autoFocus={Boolean(state.email)} textAlign="center" />
          </FormField>
          <FormAlert status="error" message={error} />
          <FormAlert status="success" message={success} />
          <Button
            type="submit"
            size="lg"
            loading={verify.isPending || signingIn}
            loadingText={signingIn ? 'Signing in...' : 'Verifying...'}
            disabled={otp.length !== OTP_DIGITS || !email.trim() || done}
          >
            Verify
          </Button>
          <Text textAlign="center" color="fg.muted" fontSize="sm">
            Didn&apos;t get the code?
          </Text>
          <Button variant="outline" onClick={onResend} loading={resend.isPending} disabled={done}>
            Resend code
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}

import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react'
import { alertSlotRecipe } from '@chakra-ui-theme/recipes/alert'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { translated, z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { TextField } from '@/components/ui/text-field'
import { OTP_DIGITS, REDIRECT_AFTER_OTP_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { getSession } from '@/lib/session'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { login } from '../api/login'
import { useResendOtp } from '../api/resend-otp'
import { useVerifyEmailOtp } from '../api/verify-email-otp'
import { AuthCard } from '../components/AuthCard'
import { OtpField } from '../components/OtpField'

/** What the registration form (or the login page's 'Verify your e-mail') hands this screen. */
export interface OtpState {
  email?: string
  password?: string
  /** Set by the registration form: the e-mail may already have had an account (see DuplicateNote). */
  justRegistered?: boolean
}

/** What the success message adds while the screen moves on: where the person is going next. */
const NEXT_STEP_TEXT = {
  signingIn: 'auth:otp.signingInNext',
  home: 'auth:otp.homeNext',
  setup: 'auth:otp.setupNext',
  login: 'auth:otp.loginNext',
} as const

/**
 * The server answers a sign-up with an e-mail that already has an account like any other (so
 * nobody learns who has one) and mails the owner a note instead of a code. This says so plainly,
 * where the person would otherwise wait for a code that never comes.
 */
function DuplicateNote({ email }: { email: string }) {
  const { t } = useTranslation('auth')
  return (
    <Alert.Root recipe={alertSlotRecipe} status="info" borderRadius="md" data-testid="duplicate-note">
      <Alert.Indicator />
      <Alert.Description>
        {t('auth:otp.duplicate.before')}{' '}
        <Link asChild color="blue.700" textDecoration="underline" fontWeight="medium">
          <RouterLink to="/login" state={{ email }}>
            {t('auth:otp.duplicate.signIn')}
          </RouterLink>
        </Link>{' '}
        {t('auth:otp.duplicate.or')}{' '}
        <Link asChild color="blue.700" textDecoration="underline" fontWeight="medium">
          <RouterLink to="/login" state={{ email, openReset: true }}>
            {t('auth:otp.duplicate.reset')}
          </RouterLink>
        </Link>
        {t('auth:otp.duplicate.end')}
      </Alert.Description>
    </Alert.Root>
  )
}

const otpSchema = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, translated('auth:validation.emailFirst'))),
  otp: z.string().check(z.length(OTP_DIGITS)),
})

/** SPEC §4: verify the 6-digit code, log in with the registration's credentials, go to / after 1 s. */
export default function VerifyEmailOtp() {
  const { t } = useTranslation('auth')
  const state = (useLocation().state as OtpState | null) ?? {}
  const navigate = useNavigate()
  const form = useForm({ resolver: zodResolver(otpSchema), defaultValues: { email: state.email ?? '', otp: '' } })
  const [email, otp] = useWatch({ control: form.control, name: ['email', 'otp'] })
  const { errors } = form.formState
  const [success, setSuccess] = useState<string | null>(null)
  const [signingIn, setSigningIn] = useState(false)
  /**
   * Where to go once verified, after a moment: home when signed in (a tutor, whose profile a new
   * account has not filled yet, to the guided set-up), else the login page.
   */
  const [next, setNext] = useState<'home' | 'setup' | 'login' | null>(null)
  const nextStep = next ?? (signingIn ? 'signingIn' : null)
  const verify = useVerifyEmailOtp()
  const resend = useResendOtp()

  useEffect(() => {
    if (!next) return undefined
    const timer = window.setTimeout(
      () =>
        next === 'login'
          ? navigate('/login', { state: { message: t('auth:otp.signInNow') } })
          : navigate(next === 'setup' ? '/onboarding' : '/', { replace: true }),
      REDIRECT_AFTER_OTP_MS,
    )
    return () => window.clearTimeout(timer)
  }, [next, navigate, t])
  // Arriving from registration, the code is all that is left to type.
  const cameWithEmail = Boolean(state.email)
  const { setFocus } = form
  useEffect(() => {
    if (cameWithEmail) setFocus('otp')
  }, [cameWithEmail, setFocus])

  const onSubmit = form.handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: async (data) => {
        setSuccess(data?.message || t('auth:otp.verified'))
        if (!state.password) {
          setNext('login')
          return
        }
        // Set with the message, so it never reads as done before the sign-in is.
        setSigningIn(true)
        try {
          await login({ email: body.email, password: state.password })
          setNext(getSession().role === 'tutor' ? 'setup' : 'home')
        } catch {
          setNext('login')
        } finally {
          setSigningIn(false)
        }
      },
      onError: (e) => showServerError(form, e, MESSAGES.verificationFailed),
    }),
  )

  const onResend = async () => {
    if (!(await form.trigger('email'))) return
    resend.mutate(
      { email: form.getValues('email').trim().toLowerCase() },
      {
        onSuccess: (data) => notifySuccess(data?.message || t('auth:otp.resent')),
        onError: (e) => notifyError(errorMessage(e, MESSAGES.sendOtpFailed)),
      },
    )
  }

  const done = Boolean(success)
  const complete = otp.length === OTP_DIGITS && email.trim() !== ''

  return (
    <AuthCard
      title={t('auth:otp.title')}
      subtitle={
        state.email ? (
          <>
            {t('auth:otp.sentTo')} <strong>{state.email}</strong>
            {t('auth:otp.sentToEnd')}
          </>
        ) : (
          t('auth:otp.enterBoth')
        )
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('auth:otp.form')}>
        <Stack gap="4">
          {!state.email && (
            <TextField
              form={form}
              name="email"
              label={t('auth:fields.email')}
              required
              type="email"
              autoComplete="email"
            />
          )}
          <OtpField
            control={form.control}
            name="otp"
            label={t('auth:otp.code')}
            helperText={t('auth:otp.codeHelp', { digits: OTP_DIGITS })}
            textAlign="center"
          />
          <FormAlert status="error" message={errors.root?.server?.message ?? null} />
          <FormAlert
            status="success"
            message={
              success && nextStep
                ? t('auth:otp.withNext', { message: success, next: t(NEXT_STEP_TEXT[nextStep]) })
                : success
            }
          />
          <Button
            type="submit"
            size="lg"
            loading={verify.isPending || signingIn}
            loadingText={signingIn ? t('auth:otp.signingIn') : t('auth:otp.verifying')}
            disabled={!complete || done}
          >
            {t('auth:otp.submit')}
          </Button>
          <Text textAlign="center" color="fg.muted" fontSize="sm">
            {t('auth:otp.noCode')}
          </Text>
          <Button variant="outline" onClick={() => void onResend()} loading={resend.isPending} disabled={done}>
            {t('auth:otp.resend')}
          </Button>
          {state.justRegistered && state.email && !done && <DuplicateNote email={state.email} />}
        </Stack>
      </form>
    </AuthCard>
  )
}

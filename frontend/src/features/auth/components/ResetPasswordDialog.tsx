import { Button, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useEffectEvent, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from '@/lib/zod'
import { DialogShell } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { TextField } from '@/components/ui/text-field'
import { CLOSE_AFTER_RESET_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useResetPassword } from '../api/reset-password'
import { useSendResetOtp } from '../api/send-reset-otp'
import { OtpField } from './OtpField'

interface ResetPasswordDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  initialEmail?: string
}

// The buttons stay disabled until these hold, so their messages are never needed.
const emailSchema = z.object({ email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)) })
const resetSchema = z.object({ otp: z.string().check(z.minLength(1)), newPassword: z.string().check(z.minLength(1)) })

/**
 * SPEC §2/§4: step 1 e-mail → Send OTP; step 2 OTP + new password → Reset; closes 1.5 s after success.
 * Its opener gives it a new key each time, so every opening starts at step 1.
 */
export function ResetPasswordDialog({ open, onOpenChange, initialEmail = '' }: ResetPasswordDialogProps) {
  const { t } = useTranslation('auth')
  const [step, setStep] = useState<1 | 2>(1)
  const [success, setSuccess] = useState<string | null>(null)
  const emailForm = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: initialEmail } })
  const resetForm = useForm({ resolver: zodResolver(resetSchema), defaultValues: { otp: '', newPassword: '' } })
  const newPasswordField = resetForm.register('newPassword')
  const email = useWatch({ control: emailForm.control, name: 'email' })
  const [otp, newPassword] = useWatch({ control: resetForm.control, name: ['otp', 'newPassword'] })
  const sendOtp = useSendResetOtp()
  const reset = useResetPassword()
  // Set with the success message, so the 1.5 s count starts the moment it shows.
  const [done, setDone] = useState(false)

  // The success message stays a moment, then the dialog closes.
  const close = useEffectEvent(() => onOpenChange(false))
  useEffect(() => {
    if (!done) return undefined
    const timer = window.setTimeout(close, CLOSE_AFTER_RESET_MS)
    return () => window.clearTimeout(timer)
  }, [done])

  const onSend = emailForm.handleSubmit((body) => {
    setSuccess(null)
    sendOtp.mutate(body, {
      onSuccess: (data) => {
        setSuccess(data?.message || t('auth:reset.otpSent'))
        setStep(2)
      },
      onError: (e) => showServerError(emailForm, e, MESSAGES.sendOtpFailed),
    })
  })

  const onReset = resetForm.handleSubmit(({ otp, newPassword }) => {
    setSuccess(null)
    reset.mutate(
      { email: emailForm.getValues('email').trim().toLowerCase(), otp, newPassword },
      {
        onSuccess: (data) => {
          setSuccess(data?.message || t('auth:reset.done'))
          setDone(true)
        },
        onError: (e) => showServerError(resetForm, e, MESSAGES.resetFailed),
      },
    )
  })

  const error = (step === 1 ? emailForm : resetForm).formState.errors.root?.server?.message ?? null

  return (
    <DialogShell
      open={open}
      title={t('auth:reset.title')}
      onClose={() => onOpenChange(false)}
      closeButton
      footer={
        step === 1 ? (
          <Button type="submit" form="reset-step-1" loading={sendOtp.isPending} disabled={!email.trim()}>
            {t('auth:reset.sendOtp')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={() => setStep(1)} disabled={reset.isPending || done}>
              {t('auth:reset.back')}
            </Button>
            <Button type="submit" form="reset-step-2" loading={reset.isPending} disabled={!otp || !newPassword || done}>
              {t('auth:reset.submit')}
            </Button>
          </>
        )
      }
    >
      {step === 1 ? (
        <form id="reset-step-1" onSubmit={onSend} noValidate>
          <Stack gap="4">
            <Text color="fg.muted">{t('auth:reset.intro')}</Text>
            <TextField
              form={emailForm}
              name="email"
              label={t('auth:fields.email')}
              required
              type="email"
              autoComplete="email"
            />
          </Stack>
        </form>
      ) : (
        <form id="reset-step-2" onSubmit={onReset} noValidate>
          <Stack gap="4">
            <Text color="fg.muted">
              {t('auth:reset.codeSentTo')} <strong>{email}</strong> {t('auth:reset.codeSentToEnd')}
            </Text>
            <OtpField control={resetForm.control} name="otp" label={t('auth:reset.code')} />
            <FormField label={t('auth:fields.newPassword')} required>
              <PasswordInput autoComplete="new-password" {...newPasswordField} />
            </FormField>
          </Stack>
        </form>
      )}
      <Stack gap="3" mt="4">
        <FormAlert status="error" message={error} />
        <FormAlert status="success" message={success} />
      </Stack>
    </DialogShell>
  )
}

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
import { CLOSE_AFTER_RESET_MS, MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
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
  const [step, setStep] = useState<1 | 2>(1)
  const [success, setSuccess] = useState<string | null>(null)
  const emailForm = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: initialEmail } })
  const resetForm = useForm({ resolver: zodResolver(resetSchema), defaultValues: { otp: '', newPassword: '' } })
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
        setSuccess(data?.message || 'A one-time code has been sent to your e-mail.')
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
          setSuccess(data?.message || 'Your password has been reset. You can sign in now.')
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
      title="Reset Password"
      onClose={() => onOpenChange(false)}
      closeButton
      footer={
        step === 1 ? (
          <Button type="submit" form="reset-step-1" loading={sendOtp.isPending} disabled={!email.trim()}>
            Send OTP
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={() => setStep(1)} disabled={reset.isPending || done}>
              Back
            </Button>
            <Button type="submit" form="reset-step-2" loading={reset.isPending} disabled={!otp || !newPassword || done}>
              Reset Password
            </Button>
          </>
        )
      }
    >
      {step === 1 ? (
        <form id="reset-step-1" onSubmit={onSend} noValidate>
          <Stack gap="4">
            <Text color="fg.muted">Enter your account e-mail and we will send you a one-time code.</Text>
            <TextField form={emailForm} name="email" label="Email" required type="email" autoComplete="email" />
          </Stack>
        </form>
      ) : (
        <form id="reset-step-2" onSubmit={onReset} noValidate>
          <Stack gap="4">
            <Text color="fg.muted">
              Enter the code sent to <strong>{email}</strong> and choose a new password.
            </Text>
            <OtpField control={resetForm.control} name="otp" label="One-time code" />
            <FormField label="New password" required>
              <PasswordInput autoComplete="new-password" {...resetForm.register('newPassword')} />
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

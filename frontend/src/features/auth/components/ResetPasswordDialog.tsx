import { Button, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react'
import { dialogSlotRecipe } from '@chakra-ui-theme/recipes/dialog'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { CLOSE_AFTER_RESET_MS, MESSAGES } from '@/lib/constants'
import { useResetPassword } from '../api/reset-password'
import { useSendResetOtp } from '../api/send-reset-otp'
import { OtpInput } from './OtpInput'

interface ResetPasswordDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  initialEmail?: string
}

/** SPEC §2/§4: step 1 e-mail → Send OTP; step 2 OTP + new password → Reset; closes 1.5 s after success. */
export function ResetPasswordDialog({ open, onOpenChange, initialEmail = '' }: ResetPasswordDialogProps) {
  const [step, setStep] = useState<1 | 2>(1)
  const [email, setEmail] = useState(initialEmail)
  const [otp, setOtp] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const sendOtp = useSendResetOtp()
  const reset = useResetPassword()
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    if (open) {
      setStep(1)
      setEmail(initialEmail)
      setOtp('')
      setNewPassword('')
      setError(null)
      setSuccess(null)
    }
  }, [open, initialEmail])
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const onSend = (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) return
    setError(null)
    setSuccess(null)
    sendOtp.mutate(
      { email: email.trim().toLowerCase() },
      {
        onSuccess: (data) => {
          setSuccess(data?.message || 'A one-time code has been sent to your e-mail.')
          setStep(2)
        },
        onError: (e) => setError(errorMessage(e, MESSAGES.sendOtpFailed)),
      },
    )
  }

  const onReset = (event: FormEvent) => {
    event.preventDefault()
    if (!otp || !newPassword) return
    setError(null)
    setSuccess(null)
    reset.mutate(
      { email: email.trim().toLowerCase(), otp, newPassword },
      {
        onSuccess: (data) => {
          setSuccess(data?.message || 'Your password has been reset. You can sign in now.')
          timer.current = window.setTimeout(() => onOpenChange(false), CLOSE_AFTER_RESET_MS)
        },
        onError: (e) => setError(errorMessage(e, MESSAGES.resetFailed)),
      },
    )
  }

  const done = step === 2 && reset.isSuccess

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      lazyMount
      unmountOnExit
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Reset Password</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {step === 1 ? (
                <form id="reset-step-1" onSubmit={onSend} noValidate>
                  <Stack gap="4">
                    <Text color="fg.muted">Enter your account e-mail and we will send you a one-time code.</Text>
                    <FormField label="Email" required>
                      <Input
                        type="email"
                        autoComplete="email"
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                      />
                    </FormField>
                  </Stack>
                </form>
              ) : (
                <form id="reset-step-2" onSubmit={onReset} noValidate>
                  <Stack gap="4">
                    <Text color="fg.muted">
                      Enter the code sent to <strong>{email}</strong> and choose a new password.
                    </Text>
                    <FormField label="One-time code" required>
                      <OtpInput value={otp} onValueChange={setOtp} />
                    </FormField>
                    <FormField label="New password" required>
                      <PasswordInput
                        autoComplete="new-password"
                        value={newPassword}
                        onChange={(e) => setNewPassword(e.target.value)}
                      />
                    </FormField>
                  </Stack>
                </form>
              )}
              <Stack gap="3" mt="4">
                <FormAlert status="error" message={error} />
                <FormAlert status="success" message={success} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {step === 1 ? (
                <Button type="submit" form="reset-step-1" loading={sendOtp.isPending} disabled={!email.trim()}>
                  Send OTP
                </Button>
              ) : (
                <>
                  <Button variant="ghost" onClick={() => setStep(1)} disabled={reset.isPending || done}>
                    Back
                  </Button>
                  <Button
                    type="submit"
                    form="reset-step-2"
                    loading={reset.isPending}
                    disabled={!otp || !newPassword || done}
                  >
                    Reset Password
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

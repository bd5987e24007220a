import { Box, Button, Checkbox, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { MESSAGES, PHONE_DIGITS, REDIRECT_AFTER_REGISTER_MS } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { useRegister } from '../api/register'
import type { OtpState } from '../routes/VerifyEmailOtp'
import { registrationSchema, type RegistrationValues } from './validation'

const EMPTY: RegistrationValues = { fullname: '', role: 'parent', email: '', phone: '', password: '', agreed: false }

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline">
      {children}
      <Box as="span" srOnly>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  )
}

export function RegisterForm() {
  const form = useForm({ resolver: zodResolver(registrationSchema), defaultValues: EMPTY })
  const { errors } = form.formState
  const [success, setSuccess] = useState<string | null>(null)
  /** Who just registered: the OTP screen follows after a moment, with their e-mail and password. */
  const [registered, setRegistered] = useState<OtpState | null>(null)
  const register = useRegister()
  const navigate = useNavigate()

  useEffect(() => {
    if (!registered) return undefined
    const timer = window.setTimeout(
      () => navigate('/verify-email-otp', { state: registered }),
      REDIRECT_AFTER_REGISTER_MS,
    )
    return () => window.clearTimeout(timer)
  }, [registered, navigate])

  const onSubmit = form.handleSubmit((body) =>
    register.mutate(body, {
      onSuccess: (data) => {
        setSuccess(data?.message || 'Registration successful! Check your e-mail for the verification code.')
        setRegistered({ email: body.email, password: body.password, justRegistered: true })
      },
      onError: (error) => showServerError(form, error, MESSAGES.registrationFailed),
    }),
  )

  const busy = register.isPending || Boolean(success)

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <Stack gap="4">
        <FormField label="Full name" required error={errors.fullname?.message}>
          <Input autoComplete="name" {...form.register('fullname')} />
        </FormField>
        <FormField label="I am a" required>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field {...form.register('role')}>
              <option value="parent">Parent/Student</option>
              <option value="tutor">Tutor</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField
          label="Phone"
          required
          error={errors.phone?.message}
          helperText={`${PHONE_DIGITS} digits, e.g. 9876543210`}
        >
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={PHONE_DIGITS}
            {...form.register('phone')}
          />
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <Controller
          control={form.control}
          name="agreed"
          render={({ field, fieldState }) => (
            <Checkbox.Root
              recipe={checkboxSlotRecipe}
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked === true)}
              invalid={fieldState.invalid}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput name={field.name} ref={field.ref} onBlur={field.onBlur} />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">
                <Text as="span">
                  I agree to the <NewTabLink href="/terms-and-conditions">Terms and Conditions</NewTabLink> and{' '}
                  <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {/* The terms message stands above the button, where it is read before trying again. */}
        <FormAlert status="error" message={errors.agreed?.message ?? null} />
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
        <FormAlert status="success" message={success} />
        <Button type="submit" size="lg" loading={register.isPending} loadingText="Creating account..." disabled={busy}>
          Create Account
        </Button>
      </Stack>
    </form>
  )
}

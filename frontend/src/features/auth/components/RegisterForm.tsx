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
import { PHONE_DIGITS, REDIRECT_AFTER_REGISTER_MS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useRegister } from '../api/register'
import type { OtpState } from '../routes/VerifyEmailOtp'
import { registrationSchema, type RegistrationValues } from './validation'

const EMPTY: RegistrationValues = { fullname: '', role: 'parent', email: '', phone: '', password: '', agreed: false }

function NewTabLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('auth')
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline">
      {children}
      <Box as="span" srOnly>
        {' '}
        {t('auth:register.newTab')}
      </Box>
    </Link>
  )
}

export function RegisterForm() {
  const { t } = useTranslation('auth')
  const form = useForm({ resolver: zodResolver(registrationSchema), defaultValues: EMPTY })
  const { errors } = form.formState
  const fullnameField = form.register('fullname')
  const roleField = form.register('role')
  const emailField = form.register('email')
  const phoneField = form.register('phone')
  const passwordField = form.register('password')
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
        setSuccess(data?.message || t('auth:register.success'))
        setRegistered({ email: body.email, password: body.password, justRegistered: true })
      },
      onError: (error) => showServerError(form, error, MESSAGES.registrationFailed),
    }),
  )

  const busy = register.isPending || Boolean(success)

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:register.form')}>
      <Stack gap="4">
        <FormField label={t('auth:fields.fullName')} required error={errors.fullname?.message}>
          <Input autoComplete="name" {...fullnameField} />
        </FormField>
        <FormField label={t('auth:fields.role')} required>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field {...roleField}>
              <option value="parent">{t('auth:roles.parent')}</option>
              <option value="tutor">{t('auth:roles.tutor')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('auth:fields.email')} required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...emailField} />
        </FormField>
        <FormField
          label={t('auth:fields.phone')}
          required
          error={errors.phone?.message}
          helperText={t('auth:register.phoneHelp', { digits: PHONE_DIGITS })}
        >
          <Input type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={PHONE_DIGITS} {...phoneField} />
        </FormField>
        <FormField label={t('auth:fields.password')} required error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...passwordField} />
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
                  {t('auth:register.agree')}{' '}
                  <NewTabLink href="/terms-and-conditions">{t('auth:register.terms')}</NewTabLink>{' '}
                  {t('auth:register.and')} <NewTabLink href="/privacy-policy">{t('auth:register.privacy')}</NewTabLink>
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {/* The terms message stands above the button, where it is read before trying again. */}
        <FormAlert status="error" message={errors.agreed?.message ?? null} />
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
        <FormAlert status="success" message={success} />
        <Button
          type="submit"
          size="lg"
          loading={register.isPending}
          loadingText={t('auth:register.creating')}
          disabled={busy}
        >
          {t('auth:register.submit')}
        </Button>
      </Stack>
    </form>
  )
}

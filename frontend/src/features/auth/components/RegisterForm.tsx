import { Box, Button, Checkbox, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { MESSAGES, PHONE_DIGITS, REDIRECT_AFTER_REGISTER_MS } from '@/lib/constants'
import { useRegister } from '../api/register'
import {
  hasErrors,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationValues,
} from './validation'

const EMPTY: RegistrationValues = { fullname: '', role: 'parent', email: '', phone: '', password: '', agreed: false }
const NO_ERRORS: RegistrationErrors = { fields: {} }

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
  const [values, setValues] = useState<RegistrationValues>(EMPTY)
  const [errors, setErrors] = useState<RegistrationErrors>(NO_ERRORS)
  const [serverError, setServerError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const register = useRegister()
  const navigate = useNavigate()
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const set = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (key in errors.fields) setErrors((e) => ({ ...e, fields: { ...e.fields, [key]: undefined } }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setServerError(null)
    const found = validateRegistration(values)
    setErrors(found)
    if (hasErrors(found)) return
    const body = {
      fullname: values.fullname.trim(),
      role: values.role,
      email: values.email.trim().toLowerCase(),
      phone: values.phone.trim(),
      password: values.password,
    }
    register.mutate(body, {
      onSuccess: (data) => {
        setSuccess(data?.message || 'Registration successful! Check your e-mail for the verification code.')
        timer.current = window.setTimeout(
          () => navigate('/verify-email-otp', { state: { email: body.email, password: body.password } }),
          REDIRECT_AFTER_REGISTER_MS,
        )
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          setErrors((e) => ({
            ...e,
            fields: { ...e.fields, ...(error.fields as Partial<Record<RegistrationField, string>>) },
          }))
        }
        setServerError(errorMessage(error, MESSAGES.registrationFailed))
      },
    })
  }

  const busy = register.isPending || Boolean(success)

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <Stack gap="4">
        <FormField label="Full name" required error={errors.fields.fullname}>
          <Input
            name="fullname"
            autoComplete="name"
            value={values.fullname}
            onChange={(e) => set('fullname', e.target.value)}
          />
        </FormField>
        <FormField label="I am a" required>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field
              name="role"
              value={values.role}
              onChange={(e) => set('role', e.target.value === 'tutor' ? 'tutor' : 'parent')}
            >
              <option value="parent">Parent/Student</option>
              <option value="tutor">Tutor</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Email" required error={errors.fields.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <FormField
          label="Phone"
          required
          error={errors.fields.phone}
          helperText={`${PHONE_DIGITS} digits, e.g. 9876543210`}
        >
          <Input
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={PHONE_DIGITS}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </FormField>
        <FormField label="Password" required error={errors.fields.password}>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
          />
        </FormField>
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          checked={values.agreed}
          onCheckedChange={(e) => {
            set('agreed', e.checked === true)
            setErrors((prev) => ({ ...prev, terms: undefined }))
          }}
          invalid={Boolean(errors.terms)}
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput name="agreed" />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            <Text as="span">
              I agree to the <NewTabLink href="/terms-and-conditions">Terms and Conditions</NewTabLink> and{' '}
              <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
        <FormAlert status="error" message={errors.terms ?? null} />
        <FormAlert status="error" message={serverError} />
        <FormAlert status="success" message={success} />
        <Button type="submit" size="lg" loading={register.isPending} loadingText="Creating account..." disabled={busy}>
          Create Account
        </Button>
      </Stack>
    </form>
  )
}

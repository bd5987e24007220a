import { Button, Flex, Input, Link, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { translated, z } from '@/lib/zod'
import { ApiError } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { MESSAGES } from '@/lib/messages'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useLogin } from '../api/login'
import { AuthCard } from '../components/AuthCard'
import { ResetPasswordDialog } from '../components/ResetPasswordDialog'

const CREDENTIALS_REQUIRED = translated('auth:validation.credentialsRequired')

const loginSchema = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, CREDENTIALS_REQUIRED)),
  password: z.string().check(z.minLength(1, CREDENTIALS_REQUIRED)),
})

/** What a link to this page may carry: a notice, the e-mail to fill in, and whether to open the reset dialog. */
interface LoginState {
  message?: string
  email?: string
  openReset?: boolean
}

export default function Login() {
  const { t } = useTranslation('auth')
  const location = useLocation()
  const arrived = (location.state as LoginState | null) ?? {}
  const notice = arrived.message ?? null
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: arrived.email ?? '', password: '' },
  })
  const { errors } = form.formState
  const emailField = form.register('email')
  const passwordField = form.register('password')
  const [unverified, setUnverified] = useState(false)
  // Each opening starts the dialog afresh, with the e-mail typed here.
  const [reset, setReset] = useState({
    open: arrived.openReset === true,
    opened: 0,
    email: arrived.email ?? '',
  })
  const login = useLogin()
  const navigate = useNavigate()

  const onSubmit = form.handleSubmit((credentials) => {
    setUnverified(false)
    // Where a signed-in user lands is the guard's to say (`LoggedOutOnly`): starting the session
    // unmounts this screen, so nothing here runs after a success.
    login.mutate(credentials, {
      onError: (e) => {
        setUnverified(e instanceof ApiError && e.code === 'email_not_verified')
        showServerError(form, e, MESSAGES.loginFailed)
      },
    })
  })

  // One message for the whole form: the server's, or what is missing.
  const error = errors.root?.server?.message ?? errors.email?.message ?? errors.password?.message ?? null

  return (
    <AuthCard title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth:login.form')}>
        <Stack gap="4">
          <FormAlert status="info" message={notice} />
          <FormField label={t('auth:fields.email')} required>
            <Input type="email" autoComplete="email" {...emailField} />
          </FormField>
          <FormField label={t('auth:fields.password')} required>
            <PasswordInput autoComplete="current-password" {...passwordField} />
          </FormField>
          <Flex justify="flex-end">
            <Button
              variant="plain"
              size="sm"
              color="blue.700"
              px="0"
              onClick={() =>
                setReset((r) => ({ open: true, opened: r.opened + 1, email: form.getValues('email').trim() }))
              }
            >
              {t('auth:login.forgot')}
            </Button>
          </Flex>
          <FormAlert status="error" message={error} />
          {unverified && (
            <Button
              variant="outline"
              onClick={() => {
                const { email, password } = form.getValues()
                navigate('/verify-email-otp', { state: { email: email.trim().toLowerCase(), password } })
              }}
            >
              {t('auth:login.verifyEmail')}
            </Button>
          )}
          <Button type="submit" size="lg" loading={login.isPending} loadingText={t('auth:login.signingIn')}>
            {t('auth:login.submit')}
          </Button>
        </Stack>
      </form>
      <Text mt="6" textAlign="center" color="fg.muted">
        {t('auth:login.noAccount')}{' '}
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/register">{t('auth:login.signUp')}</RouterLink>
        </Link>
      </Text>
      <ResetPasswordDialog
        key={reset.opened}
        open={reset.open}
        onOpenChange={(open) => setReset((r) => ({ ...r, open }))}
        initialEmail={reset.email}
      />
    </AuthCard>
  )
}

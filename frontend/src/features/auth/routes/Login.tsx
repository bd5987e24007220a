import { Button, Flex, Input, Link, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { MESSAGES } from '@/lib/constants'
import { notifySuccess } from '@/lib/toaster'
import { useLogin } from '../api/login'
import { AuthCard } from '../components/AuthCard'
import { ResetPasswordDialog } from '../components/ResetPasswordDialog'

export default function Login() {
  const location = useLocation()
  const notice = (location.state as { message?: string } | null)?.message ?? null
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [unverified, setUnverified] = useState(false)
  const [resetOpen, setResetOpen] = useState(false)
  const login = useLogin()
  const navigate = useNavigate()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setUnverified(false)
    if (!email.trim() || !password) {
      setError('Please enter your email and password.')
      return
    }
    login.mutate(
      { email: email.trim().toLowerCase(), password },
      {
        onSuccess: () => {
          notifySuccess('Signed in successfully.')
          navigate('/dashboard', { replace: true })
        },
        onError: (e) => {
          setUnverified(e instanceof ApiError && e.code === 'email_not_verified')
          setError(errorMessage(e, MESSAGES.loginFailed))
        },
      },
    )
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your HomeTutor account.">
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack gap="4">
          <FormAlert status="info" message={notice} />
          <FormField label="Email" required>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField label="Password" required>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <Flex justify="flex-end">
            <Button variant="plain" size="sm" color="blue.700" px="0" onClick={() => setResetOpen(true)}>
              Forgot/Reset Password
            </Button>
          </Flex>
          <FormAlert status="error" message={error} />
          {unverified && (
            <Button
              variant="outline"
              onClick={() => navigate('/verify-email-otp', { state: { email: email.trim().toLowerCase(), password } })}
            >
              Verify your e-mail
            </Button>
          )}
          <Button type="submit" size="lg" loading={login.isPending} loadingText="Signing in...">
            Sign In
          </Button>
        </Stack>
      </form>
      <Text mt="6" textAlign="center" color="fg.muted">
        Don&apos;t have an account?{' '}
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/register">Sign Up</RouterLink>
        </Link>
      </Text>
      <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} initialEmail={email.trim()} />
    </AuthCard>
  )
}

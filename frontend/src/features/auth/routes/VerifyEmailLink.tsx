import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useVerifyEmailLink } from '../api/verify-email-link'
import { AuthCard } from '../components/AuthCard'

/** The screen the e-mail's verification link opens: /verify-email?token=…&email=… */
export default function VerifyEmailLink() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const token = params.get('token')
  const email = params.get('email')
  const valid = Boolean(token && email)
  const { isLoggedIn } = useSession()
  const query = useVerifyEmailLink(token, email)

  return (
    <AuthCard title={t('auth:link.title')}>
      <Stack gap="4">
        {!valid && <FormAlert status="error" message={MESSAGES.invalidVerificationLink} />}
        {valid && query.isPending && (
          <Stack align="center" gap="3" py="4" role="status">
            <Spinner size="lg" color="blue.600" />
            <Text>{t('auth:link.verifying')}</Text>
          </Stack>
        )}
        {query.isError && <FormAlert status="error" message={errorMessage(query.error, MESSAGES.verificationFailed)} />}
        {/* A second visit of the link: nothing changed, and the next step is the same, signing in. */}
        {query.isSuccess && query.data?.alreadyVerified && (
          <FormAlert status="info" message={query.data.message || t('auth:link.already')} />
        )}
        {query.isSuccess && !query.data?.alreadyVerified && (
          <FormAlert status="success" message={query.data?.message || t('auth:otp.verified')} />
        )}
        {(!valid || query.isSuccess || query.isError) && (
          <Button asChild>
            <RouterLink to={isLoggedIn ? '/dashboard' : '/login'}>
              {isLoggedIn ? t('auth:link.dashboard') : t('auth:link.signIn')}
            </RouterLink>
          </Button>
        )}
      </Stack>
    </AuthCard>
  )
}

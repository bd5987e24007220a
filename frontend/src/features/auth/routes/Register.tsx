import { Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { AuthCard } from '../components/AuthCard'
import { RegisterForm } from '../components/RegisterForm'

export default function Register() {
  const { t } = useTranslation('auth')
  return (
    <AuthCard title={t('auth:register.title')} subtitle={t('auth:register.subtitle')}>
      <RegisterForm />
      <Text mt="6" textAlign="center" color="fg.muted">
        {t('auth:register.haveAccount')}{' '}
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/login">{t('auth:register.signIn')}</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  )
}

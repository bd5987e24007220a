import { Link, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'

/** The payment screens' support contact line. */
export function SupportLine() {
  const { t } = useTranslation('payments')
  const support = useSupportContacts()
  return (
    <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="support-line">
      {t('payments:supportLine.before')}{' '}
      <Link href={support.emailUri} color="blue.700" fontWeight="medium">
        {support.email}
      </Link>{' '}
      {t('payments:supportLine.or')}{' '}
      <Link href={support.phoneUri} color="blue.700" fontWeight="medium">
        {support.phone}
      </Link>{' '}
      {t('payments:supportLine.hours', { hours: t('common:support.hours') })}
    </Text>
  )
}

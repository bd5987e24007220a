import { Link, Text } from '@chakra-ui/react'
import { SUPPORT_HOURS } from '@/lib/constants'
import { useSupportContacts } from '@/lib/support'

/** The payment screens' support contact line. */
export function SupportLine() {
  const support = useSupportContacts()
  return (
    <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="support-line">
      Questions about payment or your subscription? Contact support at{' '}
      <Link href={support.emailUri} color="blue.700" fontWeight="medium">
        {support.email}
      </Link>{' '}
      or{' '}
      <Link href={support.phoneUri} color="blue.700" fontWeight="medium">
        {support.phone}
      </Link>{' '}
      ({SUPPORT_HOURS}).
    </Text>
  )
}

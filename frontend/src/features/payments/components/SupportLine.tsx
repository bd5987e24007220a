import { Link, Text } from '@chakra-ui/react'
import { SUPPORT_EMAIL, SUPPORT_EMAIL_URI, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_URI } from '@/lib/constants'

/** The payment screens' support contact line. */
export function SupportLine() {
  return (
    <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="support-line">
      Questions about payment or your subscription? Contact support at{' '}
      <Link href={SUPPORT_EMAIL_URI} color="blue.700" fontWeight="medium">
        {SUPPORT_EMAIL}
      </Link>{' '}
      or{' '}
      <Link href={SUPPORT_PHONE_URI} color="blue.700" fontWeight="medium">
        {SUPPORT_PHONE}
      </Link>{' '}
      ({SUPPORT_HOURS}).
    </Text>
  )
}

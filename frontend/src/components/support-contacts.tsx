import { Link, Stack, Text } from '@chakra-ui/react'
import { Clock, Mail, Phone } from 'lucide-react'
import { SUPPORT_EMAIL, SUPPORT_EMAIL_URI, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_URI } from '@/lib/constants'

/** The support e-mail (mailto), phone (tel) and, optionally, the hours. */
export function SupportContacts({ showHours = true }: { showHours?: boolean }) {
  return (
    <Stack gap="2" fontSize="md">
      <Link href={SUPPORT_EMAIL_URI} color="blue.700" fontWeight="medium">
        <Mail aria-hidden size={18} /> {SUPPORT_EMAIL}
      </Link>
      <Link href={SUPPORT_PHONE_URI} color="blue.700" fontWeight="medium">
        <Phone aria-hidden size={18} /> {SUPPORT_PHONE}
      </Link>
      {showHours && (
        <Text display="flex" alignItems="center" gap="2" color="fg.muted">
          <Clock aria-hidden size={18} /> {SUPPORT_HOURS}
        </Text>
      )}
    </Stack>
  )
}

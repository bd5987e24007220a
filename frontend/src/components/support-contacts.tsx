import { Link, Stack, Text } from '@chakra-ui/react'
import { Clock, Mail, Phone } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'

/** The support e-mail (mailto), phone (tel) and, optionally, the hours. */
export function SupportContacts({ showHours = true }: { showHours?: boolean }) {
  const { t } = useTranslation()
  const support = useSupportContacts()
  return (
    <Stack gap="2" fontSize="md">
      <Link href={support.emailUri} color="blue.700" fontWeight="medium">
        <Mail aria-hidden size={18} /> {support.email}
      </Link>
      <Link href={support.phoneUri} color="blue.700" fontWeight="medium">
        <Phone aria-hidden size={18} /> {support.phone}
      </Link>
      {showHours && (
        <Text display="flex" alignItems="center" gap="2" color="fg.muted">
          <Clock aria-hidden size={18} /> {t('common:support.hours')}
        </Text>
      )}
    </Stack>
  )
}

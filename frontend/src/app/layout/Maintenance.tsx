import { Heading, Stack, Text } from '@chakra-ui/react'
import { Wrench } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'

/** Shown to everyone but admins while the site is in maintenance mode (and on a 503 "maintenance"). */
export default function Maintenance() {
  const { t } = useTranslation()
  return (
    <Stack maxW="xl" mx="auto" px="4" py={{ base: '10', md: '20' }}>
      <Panel textAlign="center">
        <Stack align="center" gap="4">
          <Wrench aria-hidden size={40} color="#1d4ed8" />
          <Heading as="h1" size="2xl">
            {t('common:maintenance.title')}
          </Heading>
          <Text color="fg.muted">{t('common:maintenance.text')}</Text>
          <SupportContacts />
        </Stack>
      </Panel>
    </Stack>
  )
}
